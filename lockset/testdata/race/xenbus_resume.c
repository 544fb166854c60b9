/* A Xen frontend's resume runs from the bus's .restore under
 * device_lock, with probing blocked, and its remove under the same
 * device_lock (rule xenbus-resume; xen-kbdfront.c's resume clears the
 * page remove frees). otherend_changed runs from the xenstore watch
 * thread with no such exclusion: its read races with resume's write. */
#include <linux/module.h>
#include <linux/device.h>
#include <linux/slab.h>

struct xenbus_device_id {
	char devicetype[32];
};

struct xenbus_device {
	const char *devicetype;
	const char *nodename;
	struct device dev;
	int state;
};

struct xenbus_driver {
	const char *name;
	const struct xenbus_device_id *ids;
	int (*probe)(struct xenbus_device *dev, const struct xenbus_device_id *id);
	void (*otherend_changed)(struct xenbus_device *dev, int backend_state);
	void (*remove)(struct xenbus_device *dev);
	int (*suspend)(struct xenbus_device *dev);
	int (*resume)(struct xenbus_device *dev);
	struct device_driver driver;
};

extern int __xenbus_register_frontend(struct xenbus_driver *drv, struct module *owner, const char *mod_name);
extern void xenbus_unregister_driver(struct xenbus_driver *drv);

struct kbd {
	int *page;
	int connected;
};

static struct kbd *the_kbd;

static int kbd_probe(struct xenbus_device *dev, const struct xenbus_device_id *id)
{
	struct kbd *kbd = kzalloc(sizeof(*kbd), GFP_KERNEL);

	if (!kbd)
		return -ENOMEM;
	kbd->page = kzalloc(64, GFP_KERNEL);
	the_kbd = kbd; // want "write the_kbd by kbd_probe races with read the_kbd by kbd_changed"
	return 0;
}

static int kbd_resume(struct xenbus_device *dev)
{
	struct kbd *kbd = the_kbd;

	kbd->page[0] = 0;
	kbd->connected = 0; // want "write kbd->connected by kbd_resume races with read kbd->connected by kbd_changed"
	return 0;
}

static void kbd_changed(struct xenbus_device *dev, int backend_state)
{
	struct kbd *kbd = the_kbd; // want "read the_kbd by kbd_changed races with write the_kbd by kbd_probe"

	if (kbd->connected) // want "read kbd->connected by kbd_changed races with write kbd->connected by kbd_resume"
		pr_info("connected %d\n", backend_state);
}

static void kbd_remove(struct xenbus_device *dev)
{
	struct kbd *kbd = the_kbd;

	kfree(kbd->page);
}

static const struct xenbus_device_id kbd_ids[] = { { "vkbd" }, { "" } };

static struct xenbus_driver kbd_driver = {
	.ids = kbd_ids,
	.probe = kbd_probe,
	.remove = kbd_remove,
	.resume = kbd_resume,
	.otherend_changed = kbd_changed,
};

static int __init kbd_init(void)
{
	return __xenbus_register_frontend(&kbd_driver, THIS_MODULE, KBUILD_MODNAME);
}

static void __exit kbd_exit(void)
{
	xenbus_unregister_driver(&kbd_driver);
}

module_init(kbd_init);
module_exit(kbd_exit);
MODULE_LICENSE("GPL");
