/*
 * breadth/i2c_tempsensor.c - an SMBus temperature sensor with a sysfs
 * attribute and cached readings (i2c_driver, i2c_client data).
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/slab.h>
#include <linux/jiffies.h>
#include <linux/i2c.h>
#include <linux/mutex.h>
#include <linux/device.h>
#include <linux/of.h>

#define TS_REG_TEMP 0x00
#define TS_REG_CONF 0x01

struct ts_data {
	struct i2c_client *client;
	struct mutex update_lock;
	bool valid;
	unsigned long last_updated;
	s16 temp;
};

static struct ts_data *ts_update(struct device *dev)
{
	struct ts_data *data = dev_get_drvdata(dev);
	struct i2c_client *client = data->client;

	mutex_lock(&data->update_lock);
	if (time_after(jiffies, data->last_updated + HZ) || !data->valid) {
		s32 val = i2c_smbus_read_word_swapped(client, TS_REG_TEMP);

		if (val >= 0) {
			data->temp = val;
			data->last_updated = jiffies;
			data->valid = true;
		}
	}
	mutex_unlock(&data->update_lock);
	return data;
}

static ssize_t temp_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct ts_data *data = ts_update(dev);

	return sprintf(buf, "%d\n", (data->temp >> 4) * 625 / 10);
}

static DEVICE_ATTR(temp1_input, S_IRUGO, temp_show, NULL);

static int ts_probe(struct i2c_client *client, const struct i2c_device_id *id)
{
	struct ts_data *data;
	int conf;

	if (!i2c_check_functionality(client->adapter, I2C_FUNC_SMBUS_WORD_DATA))
		return -ENODEV;
	data = devm_kzalloc(&client->dev, sizeof(*data), GFP_KERNEL);
	if (!data)
		return -ENOMEM;
	data->client = client;
	mutex_init(&data->update_lock);
	i2c_set_clientdata(client, data);
	conf = i2c_smbus_read_byte_data(client, TS_REG_CONF);
	if (conf < 0)
		return conf;
	i2c_smbus_write_byte_data(client, TS_REG_CONF, conf & ~0x01);
	return device_create_file(&client->dev, &dev_attr_temp1_input);
}

static int ts_remove(struct i2c_client *client)
{
	device_remove_file(&client->dev, &dev_attr_temp1_input);
	return 0;
}

static const struct i2c_device_id ts_id[] = {
	{ "tempsensor", 0 },
	{ }
};
MODULE_DEVICE_TABLE(i2c, ts_id);

static const struct of_device_id ts_of_match[] = {
	{ .compatible = "whoop,tempsensor" },
	{ }
};
MODULE_DEVICE_TABLE(of, ts_of_match);

static struct i2c_driver ts_driver = {
	.class = I2C_CLASS_HWMON,
	.driver = {
		.name = "tempsensor",
		.of_match_table = of_match_ptr(ts_of_match),
	},
	.probe = ts_probe,
	.remove = ts_remove,
	.id_table = ts_id,
	.address_list = I2C_ADDRS(0x48, 0x49),
};

module_i2c_driver(ts_driver);

MODULE_LICENSE("GPL");
