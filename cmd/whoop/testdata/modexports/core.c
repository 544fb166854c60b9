// The core of a two-module driver (ad525x_dpot.c's shape): an exported
// probe helper and an exported attribute groups array, which the bus
// front end (front.c) uses as its i2c_driver's dev_groups and calls from
// its probe. Analysed with front.c under --module (module-exports), the
// helper runs only inside the front end's probe and the attributes only
// while the device is bound (after probe, before remove): no race. The
// counter is also written by an exported function no file given calls
// (me_reset): other modules may call it at any time, so it races with
// the attribute and with remove (TestKernelTreeModuleExports).
#include <linux/module.h>
#include <linux/device.h>
#include <linux/slab.h>
#include <linux/sysfs.h>
#include "core.h"

struct me_data {
	int id;
	int count;
};

static ssize_t id_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct me_data *d = dev_get_drvdata(dev);

	return sprintf(buf, "%d %d\n", d->id, d->count); // want "race"
}
static DEVICE_ATTR_RO(id);

static struct attribute *me_attrs[] = { &dev_attr_id.attr, NULL };
static const struct attribute_group me_group = { .attrs = me_attrs };
const struct attribute_group *me_groups[] = { &me_group, NULL };
EXPORT_SYMBOL(me_groups);

int me_probe(struct device *dev, int id)
{
	struct me_data *d = kzalloc(sizeof(*d), GFP_KERNEL);

	if (!d)
		return -ENOMEM;
	dev_set_drvdata(dev, d);
	d->id = id;
	return 0;
}
EXPORT_SYMBOL(me_probe);

void me_remove(struct device *dev)
{
	kfree(dev_get_drvdata(dev)); // want "race"
}
EXPORT_SYMBOL(me_remove);

void me_reset(struct device *dev)
{
	struct me_data *d = dev_get_drvdata(dev);

	d->count = 0; // want "race"
}
EXPORT_SYMBOL(me_reset);

MODULE_LICENSE("GPL");
