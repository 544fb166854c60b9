/* Self-deadlock (lockset/selfdeadlock.go, assumption self-deadlock): a
 * mutex_lock or spin_lock of a driver's global lock that the thread already
 * holds never returns, so no path goes on past it. mux_chan takes mux_lock
 * and then calls the parent adapter's transfer through a pointer of the
 * struct type its own algorithms have, so whoop takes the call for one of
 * mux_xfer0 and mux_xfer1, which would take mux_lock again (the shape of
 * 6.12 i2c-nforce2-s4985.c). Before the rule their mutex_unlock left the
 * lock free after the call, and the write of cur_chan raced with the read;
 * now only the paths of those callees that return early, without taking
 * it, come back, and mux_lock is still held. count, written after the
 * unlock, still races. */
#include <linux/module.h>
#include <linux/i2c.h>
#include <linux/mutex.h>

extern struct i2c_adapter *parent_adap;

static struct i2c_algorithm mux_algo[2];
static struct i2c_adapter mux_adap[2];
static DEFINE_MUTEX(mux_lock);
static u8 cur_chan;
static int count;

static s32 mux_chan(struct i2c_adapter *adap, u16 addr, unsigned short flags, char rw, u8 cmd, int size,
		    union i2c_smbus_data *data, u8 chan)
{
	union i2c_smbus_data sel;
	int err;

	if (addr < 0x50)
		return -ENXIO;
	mutex_lock(&mux_lock);
	if (cur_chan != chan) {
		sel.byte = chan;
		err = parent_adap->algo->smbus_xfer(adap, 0x70, 0, I2C_SMBUS_WRITE, 0, I2C_SMBUS_BYTE_DATA, &sel);
		if (err)
			goto out;
		cur_chan = chan;
	}
	err = parent_adap->algo->smbus_xfer(adap, addr, flags, rw, cmd, size, data);
out:
	mutex_unlock(&mux_lock);
	count++; // want "write count by mux_xfer[01] races with (read|write) count by mux_xfer[01]" "read count by mux_xfer[01] races with write count by mux_xfer[01]"
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
	return mux_chan(adap, addr, flags, rw, cmd, size, data, 2);
}

static int __init mux_init(void)
{
	int i, err;

	for (i = 0; i < 2; i++) {
		mux_algo[i] = *parent_adap->algo;
		mux_adap[i] = *parent_adap;
		mux_adap[i].algo = &mux_algo[i];
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
