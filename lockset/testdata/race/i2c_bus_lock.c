/* Caller locks: the i2c core calls an adapter's transfer callbacks with
 * the adapter's bus lock held (i2c_transfer, i2c_smbus_xfer), so two
 * transfers on the one adapter never overlap; functionality and the
 * interrupt handler run without it. */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/interrupt.h>
#include <linux/i2c.h>

static int cur_addr;
static int done;
static int xfers;

static irqreturn_t demo_irq(int irq, void *data)
{
	done = 1; // want "write done by demo_irq races with write done by demo_xfer"
	return IRQ_HANDLED;
}

static int demo_xfer(struct i2c_adapter *a, struct i2c_msg *msgs, int num)
{
	cur_addr = msgs[0].addr; // want "write cur_addr by demo_xfer races with read cur_addr by demo_func"
	done = 0; // want "write done by demo_xfer races with write done by demo_irq"
	xfers++;
	return num;
}

static int demo_smbus(struct i2c_adapter *a, u16 addr, unsigned short flags, char read_write, u8 command,
		      int size, union i2c_smbus_data *data)
{
	cur_addr = addr; // want "write cur_addr by demo_smbus races with read cur_addr by demo_func"
	xfers++;
	return 0;
}

static u32 demo_func(struct i2c_adapter *a)
{
	return cur_addr ? I2C_FUNC_I2C : 0; // want "read cur_addr by demo_func races with write cur_addr by demo_(xfer|smbus)"
}

static const struct i2c_algorithm demo_algo = {
	.master_xfer = demo_xfer,
	.smbus_xfer = demo_smbus,
	.functionality = demo_func,
};

static struct i2c_adapter demo_adap = {
	.algo = &demo_algo,
};

static int demo_probe(struct platform_device *pdev)
{
	int err = request_irq(5, demo_irq, 0, "demo", NULL);

	if (err)
		return err;
	return i2c_add_adapter(&demo_adap);
}

static int demo_remove(struct platform_device *pdev)
{
	i2c_del_adapter(&demo_adap);
	free_irq(5, NULL);
	return 0;
}

static struct platform_driver demo_driver = {
	.probe = demo_probe,
	.remove = demo_remove,
	.driver = { .name = "i2c-demo" },
};

module_platform_driver(demo_driver);
MODULE_LICENSE("GPL");
