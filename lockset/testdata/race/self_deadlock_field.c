/* Self-deadlock where it does not apply (lockset/selfdeadlock.go): the
 * shape of self_deadlock.c, but each mux adapter has its own lock in its
 * private data. The lock whoop sees, struct mux_priv.lock, stands for the
 * locks of every mux_priv, so the callee's mutex_lock may take another
 * adapter's lock, which is free: that path returns, the callee's unlock
 * leaves the lock free, and the write of chan after the call races with
 * the read, as without the rule. The same for a semaphore (sem_chan), which
 * another thread's up() releases. */
#include <linux/module.h>
#include <linux/i2c.h>
#include <linux/mutex.h>
#include <linux/semaphore.h>

extern struct i2c_adapter *parent_adap;

struct mux_priv {
	struct mutex lock;
	u8 chan;
};

static struct i2c_algorithm mux_algo[2];
static struct i2c_adapter mux_adap[2];
static struct mux_priv privs[2];
static DEFINE_SEMAPHORE(mux_sem);
static u8 sem_chan;

static s32 mux_chan(struct i2c_adapter *adap, u16 addr, unsigned short flags, char rw, u8 cmd, int size,
		    union i2c_smbus_data *data, u8 chan)
{
	struct mux_priv *priv = i2c_get_adapdata(adap);
	union i2c_smbus_data sel;
	int err;

	if (addr < 0x50)
		return -ENXIO;
	mutex_lock(&priv->lock);
	if (priv->chan != chan) { // want "read priv->chan by mux_xfer[01] races with write priv->chan by mux_xfer[01]"
		sel.byte = chan;
		err = parent_adap->algo->smbus_xfer(adap, 0x70, 0, I2C_SMBUS_WRITE, 0, I2C_SMBUS_BYTE_DATA, &sel);
		if (err)
			goto out;
		priv->chan = chan; // want "write priv->chan by mux_xfer[01] races with (read|write) priv->chan by mux_xfer[01]"
	}
	err = parent_adap->algo->smbus_xfer(adap, addr, flags, rw, cmd, size, data);
out:
	mutex_unlock(&priv->lock);
	return err;
}

static s32 sem_chan_xfer(struct i2c_adapter *adap, u16 addr, unsigned short flags, char rw, u8 cmd, int size,
			 union i2c_smbus_data *data, u8 chan)
{
	union i2c_smbus_data sel;
	int err;

	if (addr < 0x50)
		return -ENXIO;
	down(&mux_sem);
	if (sem_chan != chan) {
		sel.byte = chan;
		err = parent_adap->algo->smbus_xfer(adap, 0x70, 0, I2C_SMBUS_WRITE, 0, I2C_SMBUS_BYTE_DATA, &sel);
		if (!err)
			sem_chan = chan; // want "write sem_chan by mux_xfer[01] races with (read|write) sem_chan by mux_xfer[01]"
	}
	up(&mux_sem);
	return err;
}

static s32 mux_xfer0(struct i2c_adapter *adap, u16 addr, unsigned short flags, char rw, u8 cmd, int size,
		     union i2c_smbus_data *data)
{
	return mux_chan(adap, addr, flags, rw, cmd, size, data, 1);
}

static s32 mux_xfer1(struct i2c_adapter *adap, u16 addr, unsigned short flags, char rw, u8 cmd, int size,
		     union i2c_smbus_data *data)
{
	return sem_chan_xfer(adap, addr, flags, rw, cmd, size, data, 2);
}

static int __init mux_init(void)
{
	int i, err;

	for (i = 0; i < 2; i++) {
		mutex_init(&privs[i].lock);
		mux_algo[i] = *parent_adap->algo;
		mux_adap[i] = *parent_adap;
		mux_adap[i].algo = &mux_algo[i];
		i2c_set_adapdata(&mux_adap[i], &privs[i]);
	}
	mux_algo[0].smbus_xfer = mux_xfer0;
	mux_algo[1].smbus_xfer = mux_xfer1;
	err = i2c_add_adapter(&mux_adap[0]);
	if (err)
		return err;
	err = i2c_add_adapter(&mux_adap[1]);
	if (err)
		i2c_del_adapter(&mux_adap[0]);
	return err;
}

static void __exit mux_exit(void)
{
	i2c_del_adapter(&mux_adap[1]);
	i2c_del_adapter(&mux_adap[0]);
}

module_init(mux_init);
module_exit(mux_exit);
MODULE_LICENSE("GPL");
