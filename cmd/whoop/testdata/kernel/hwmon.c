// A hwmon driver: devm_hwmon_device_register_with_info publishes the
// chip's hwmon_ops (read runs from sysfs only after it), so probe's set-up
// before it races with nothing; read's value pointer is the hwmon core's
// own local (hwmon_attr_show), not driver memory. Two reads may run at
// once, and the counter they both update without a lock races.
#include <linux/module.h>
#include <linux/i2c.h>
#include <linux/hwmon.h>
#include <linux/slab.h>

struct hw_data {
	long last;
	int count;
};

static umode_t hw_is_visible(const void *data, enum hwmon_sensor_types type, u32 attr, int channel)
{
	return 0444;
}

static int hw_read(struct device *dev, enum hwmon_sensor_types type, u32 attr, int channel, long *val)
{
	struct hw_data *d = dev_get_drvdata(dev);

	d->count++; // want "race"
	*val = d->last;
	return 0;
}

static const struct hwmon_ops hw_ops = { .is_visible = hw_is_visible, .read = hw_read };
static const struct hwmon_channel_info *const hw_info[] = { HWMON_CHANNEL_INFO(temp, HWMON_T_INPUT), NULL };
static const struct hwmon_chip_info hw_chip = { .ops = &hw_ops, .info = hw_info };

static int hw_probe(struct i2c_client *client)
{
	struct hw_data *d = devm_kzalloc(&client->dev, sizeof(*d), GFP_KERNEL);
	struct device *hwmon;

	if (!d)
		return -ENOMEM;
	d->last = 42;
	d->count = 0;
	hwmon = devm_hwmon_device_register_with_info(&client->dev, "hw", d, &hw_chip, NULL);
	return PTR_ERR_OR_ZERO(hwmon);
}

static const struct i2c_device_id hw_id[] = { { "hw" }, { } };
static struct i2c_driver hw_driver = {
	.driver = { .name = "hw" },
	.probe = hw_probe,
	.id_table = hw_id,
};
module_i2c_driver(hw_driver);
MODULE_LICENSE("GPL");
