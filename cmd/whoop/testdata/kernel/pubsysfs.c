// Registrations that publish callbacks run from sysfs and by other kernel
// code: a hwmon device with attribute groups, an LED class device, an IIO
// device and a power supply. The probe's write of ps_scale comes before
// every registration and races with nothing; its write of ps_late comes
// after them and races with every callback that reads it.
#include <linux/module.h>
#include <linux/i2c.h>
#include <linux/hwmon.h>
#include <linux/leds.h>
#include <linux/iio/iio.h>
#include <linux/power_supply.h>

static int ps_scale, ps_late;

static ssize_t level_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%d\n", ps_scale * ps_late); // want "race"
}
static DEVICE_ATTR_RO(level);

static struct attribute *ps_attrs[] = { &dev_attr_level.attr, NULL };
ATTRIBUTE_GROUPS(ps);

static void ps_led_set(struct led_classdev *led, enum led_brightness b)
{
	if (b > ps_scale + ps_late) // want "race"
		pr_info("ps: %d\n", b);
}

static struct led_classdev ps_led = { .name = "ps", .brightness_set = ps_led_set };

static int ps_read_raw(struct iio_dev *indio, const struct iio_chan_spec *chan, int *val, int *val2, long mask)
{
	*val = ps_scale;
	*val2 = ps_late; // want "race"
	return IIO_VAL_INT_PLUS_MICRO;
}

static const struct iio_info ps_info = { .read_raw = ps_read_raw };

static int ps_get(struct power_supply *psy, enum power_supply_property psp, union power_supply_propval *val)
{
	val->intval = ps_scale - ps_late; // want "race"
	return 0;
}

static enum power_supply_property ps_props[] = { POWER_SUPPLY_PROP_ONLINE };
static const struct power_supply_desc ps_desc = {
	.name = "ps",
	.type = POWER_SUPPLY_TYPE_MAINS,
	.properties = ps_props,
	.num_properties = ARRAY_SIZE(ps_props),
	.get_property = ps_get,
};

static int ps_probe(struct i2c_client *client)
{
	struct power_supply_config cfg = {};
	struct iio_dev *indio;
	struct device *hwmon;
	int err;

	ps_scale = 3;
	hwmon = devm_hwmon_device_register_with_groups(&client->dev, "ps", NULL, ps_groups);
	if (IS_ERR(hwmon))
		return PTR_ERR(hwmon);
	err = devm_led_classdev_register(&client->dev, &ps_led);
	if (err)
		return err;
	indio = devm_iio_device_alloc(&client->dev, 0);
	if (!indio)
		return -ENOMEM;
	indio->info = &ps_info;
	err = devm_iio_device_register(&client->dev, indio);
	if (err)
		return err;
	if (IS_ERR(devm_power_supply_register(&client->dev, &ps_desc, &cfg)))
		return -ENODEV;
	ps_late = 1; // want "race"
	return 0;
}

static const struct i2c_device_id ps_id[] = { { "ps" }, { } };
static struct i2c_driver ps_driver = {
	.driver = { .name = "ps" },
	.probe = ps_probe,
	.id_table = ps_id,
};
module_i2c_driver(ps_driver);
MODULE_LICENSE("GPL");
