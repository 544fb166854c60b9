// A device's release runs when its last reference goes, after
// device_unregister removed its attributes and waited for their callbacks
// (device_del), so a show of the device never runs with its release, and
// the release runs once per device: the races of the release's write
// (and of its kfree) with the show's read are none.
#include <linux/module.h>
#include <linux/device.h>
#include <linux/slab.h>

struct mydev {
	struct device dev;
	int val;
};

static struct mydev *md;

static void md_release(struct device *dev)
{
	struct mydev *m = container_of(dev, struct mydev, dev);

	m->val = 0;
	kfree(m); // want "not confirmed" "trace rejected"
}

static ssize_t val_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct mydev *m = container_of(dev, struct mydev, dev);

	return sprintf(buf, "%d\n", m->val);
}
static DEVICE_ATTR(val, 0444, val_show, NULL);

static int __init md_init(void)
{
	int ret;

	md = kzalloc(sizeof(*md), GFP_KERNEL);
	if (!md)
		return -ENOMEM;
	md->dev.release = md_release; // want "not confirmed" "trace rejected"
	ret = device_register(&md->dev);
	if (ret)
		return ret;
	return device_create_file(&md->dev, &dev_attr_val);
}

static void __exit md_exit(void)
{
	device_remove_file(&md->dev, &dev_attr_val);
	device_unregister(&md->dev);
}
module_init(md_init);
module_exit(md_exit);
MODULE_LICENSE("GPL");
