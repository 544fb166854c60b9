// An i2c driver whose sysfs attributes are added at the end of probe with
// devm_device_add_group: show and store cannot run before it, so probe's
// set-up (the client data, the lock's initialisation) races with neither,
// and the attributes' own accesses are under the driver's mutex.
#include <linux/module.h>
#include <linux/i2c.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/device.h>
#include <linux/sysfs.h>

struct sg_priv {
	struct i2c_client *client;
	struct mutex lock;
	int val;
};

static ssize_t val_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct i2c_client *client = to_i2c_client(dev);
	struct sg_priv *p = i2c_get_clientdata(client);
	int v;

	mutex_lock(&p->lock);
	v = p->val;
	mutex_unlock(&p->lock);
	return sprintf(buf, "%d\n", v);
}

static ssize_t val_store(struct device *dev, struct device_attribute *attr, const char *buf, size_t n)
{
	struct sg_priv *p = dev_get_drvdata(dev);

	mutex_lock(&p->lock);
	p->val = n;
	mutex_unlock(&p->lock);
	return n;
}
static DEVICE_ATTR_RW(val);

static struct attribute *sg_attrs[] = { &dev_attr_val.attr, NULL };
static const struct attribute_group sg_group = { .attrs = sg_attrs };

static int sg_probe(struct i2c_client *client)
{
	struct sg_priv *p = devm_kzalloc(&client->dev, sizeof(*p), GFP_KERNEL);

	if (!p)
		return -ENOMEM;
	p->client = client;
	mutex_init(&p->lock);
	i2c_set_clientdata(client, p);
	return devm_device_add_group(&client->dev, &sg_group);
}

static const struct i2c_device_id sg_id[] = { { "sg" }, { } };
static struct i2c_driver sg_driver = {
	.driver = { .name = "sg" },
	.probe = sg_probe,
	.id_table = sg_id,
};
module_i2c_driver(sg_driver);
MODULE_LICENSE("GPL");
