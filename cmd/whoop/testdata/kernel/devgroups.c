// An i2c driver with sysfs attributes in .driver.dev_groups. The driver
// core adds them after probe returns and removes them before remove
// (really_probe, device_remove): val's show cannot run during probe. other
// is also named by the driver's code (sysfs_notify), so whoop does not
// assume dev_groups is its only way in, and its show still races with
// probe's set-up once i2c_set_clientdata has published p (before it, p is
// private: unpublished-allocations).
#include <linux/module.h>
#include <linux/i2c.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/device.h>
#include <linux/sysfs.h>

struct dg_priv {
	struct mutex lock;
	int val;
	int other;
};

static ssize_t val_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct dg_priv *p = dev_get_drvdata(dev);
	int v;

	mutex_lock(&p->lock);
	v = p->val;
	mutex_unlock(&p->lock);
	return sprintf(buf, "%d\n", v);
}
static DEVICE_ATTR_RO(val);

static ssize_t other_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct dg_priv *p = dev_get_drvdata(dev);

	return sprintf(buf, "%d\n", p->other); // want "race"
}
static DEVICE_ATTR_RO(other);

static struct attribute *dg_attrs[] = { &dev_attr_val.attr, &dev_attr_other.attr, NULL };
ATTRIBUTE_GROUPS(dg);

static int dg_probe(struct i2c_client *client)
{
	struct dg_priv *p = devm_kzalloc(&client->dev, sizeof(*p), GFP_KERNEL);

	if (!p)
		return -ENOMEM;
	mutex_init(&p->lock);
	p->val = 1;
	i2c_set_clientdata(client, p);
	p->other = 1; // want "race"
	sysfs_notify(&client->dev.kobj, NULL, dev_attr_other.attr.name);
	return 0;
}

static const struct i2c_device_id dg_id[] = { { "dg" }, { } };
static struct i2c_driver dg_driver = {
	.driver = { .name = "dg", .dev_groups = dg_groups },
	.probe = dg_probe,
	.id_table = dg_id,
};
module_i2c_driver(dg_driver);
MODULE_LICENSE("GPL");
