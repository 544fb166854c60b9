// A struct device is released once: kobject_cleanup calls its class's
// dev_release after the last put_device, so two calls run at once only on
// two devices: the frees of their two objects do not race (a kfree
// covers only the allocation it frees, which starts where it points); a
// global both update does.
#include <linux/module.h>
#include <linux/device.h>
#include <linux/slab.h>

struct ro_dev {
	struct device dev;
};

static int ro_released;

static void ro_release(struct device *dev)
{
	struct ro_dev *r = container_of(dev, struct ro_dev, dev);

	ro_released++; // want "race"
	kfree(r);
}

static const struct class ro_class = {
	.name = "ro",
	.dev_release = ro_release,
};

static int __init ro_init(void)
{
	return class_register(&ro_class);
}

static void __exit ro_exit(void)
{
	class_unregister(&ro_class);
}

module_init(ro_init);
module_exit(ro_exit);
MODULE_LICENSE("GPL");
