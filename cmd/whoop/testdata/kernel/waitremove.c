// Unregistrations that wait for the operations they withdraw:
// i2c_del_adapter waits until the last reference on the adapter's device
// is gone (every caller of the algorithm holds one), gpiochip_remove
// synchronize_srcu()s the chip's operations. The remove's writes after
// them race with nothing; its write before them races with the operations
// that read it.
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/i2c.h>
#include <linux/gpio/driver.h>

static int wr_cfg, wr_late;

static int wr_smbus(struct i2c_adapter *adap, u16 addr, unsigned short flags, char rw, u8 cmd, int size,
		    union i2c_smbus_data *data)
{
	data->byte = wr_cfg + wr_late; // want "race"
	return 0;
}

static u32 wr_func(struct i2c_adapter *adap)
{
	return I2C_FUNC_SMBUS_BYTE;
}

static const struct i2c_algorithm wr_algo = { .smbus_xfer = wr_smbus, .functionality = wr_func };
static struct i2c_adapter wr_adap = { .owner = THIS_MODULE, .algo = &wr_algo, .name = "wr" };

static int wr_gpio_get(struct gpio_chip *gc, unsigned int offset)
{
	return (wr_cfg >> offset) & wr_late; // want "race"
}

static struct gpio_chip wr_chip = { .label = "wr", .ngpio = 8, .base = -1, .get = wr_gpio_get };

static int wr_probe(struct platform_device *pdev)
{
	int err;

	wr_cfg = 7;
	wr_late = 1;
	err = i2c_add_adapter(&wr_adap);
	if (err)
		return err;
	err = gpiochip_add_data(&wr_chip, NULL);
	if (err)
		i2c_del_adapter(&wr_adap);
	return err;
}

static void wr_remove(struct platform_device *pdev)
{
	wr_late = 0; // want "race"
	gpiochip_remove(&wr_chip);
	i2c_del_adapter(&wr_adap);
	wr_cfg = 0;
}

static struct platform_driver wr_driver = {
	.driver = { .name = "wr" },
	.probe = wr_probe,
	.remove_new = wr_remove,
};
module_platform_driver(wr_driver);
MODULE_LICENSE("GPL");
