// A device's release callback runs once per device, when its last
// reference goes (device_release, drivers/base/core.c): two threads of it
// release two devices, so the write to the released device's own state
// never races with itself: the lockset check reports no race there
// (assumption device-release-once). The count of all releases would race
// (two devices), but the strict check holds a device's release to a dropped
// last reference in the trace (put_device, device_unregister), and nothing
// here drops one: not confirmed either. Before, the explorer released one
// device twice.
#include <linux/module.h>
#include <linux/device.h>
#include <linux/slab.h>

struct rel_dev {
	struct device dev;
	int state;
};

static int released;

static void rel_release(struct device *dev)
{
	struct rel_dev *r = container_of(dev, struct rel_dev, dev);

	r->state = 0;
	released++; // want "^not-confirmed global released rel_release.rel_release"
}

static int __init rel_init(void)
{
	struct rel_dev *r = kzalloc(sizeof(*r), GFP_KERNEL);

	if (!r)
		return -ENOMEM;
	r->dev.release = rel_release;
	return device_register(&r->dev);
}
module_init(rel_init);
MODULE_LICENSE("GPL");
