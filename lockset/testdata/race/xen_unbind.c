/* unbind_from_irqhandler(irq, dev_id) (drivers/xen/events/events_base.c)
 * is free_irq(irq, dev_id) and then the unbinding of the event channel:
 * it waits for a running handler (synchronize_irq) as free_irq does, so
 * a probe's error path that unbinds what it bound and then frees races
 * with nothing (xen-kbdfront.c's connect error path), although resume
 * binds the handler too: resume runs on the bound device only, under
 * device_lock (rule xenbus-resume), after the probe. The event channel is
 * a number whoop cannot name, and xu_connect runs from probe and resume,
 * so the handler's class may have several objects; but the probe binds
 * one (registersOnce), which its unbinding stops. remove unbinds only
 * when xu->irq says a handler is bound, a value whoop does not follow:
 * its kfree still races with the handler. */
#include <linux/module.h>
#include <linux/device.h>
#include <linux/interrupt.h>
#include <linux/slab.h>

struct xenbus_device_id {
	char devicetype[32];
};

struct xenbus_device {
	const char *devicetype;
	struct device dev;
};

struct xenbus_driver {
	const char *name;
	const struct xenbus_device_id *ids;
	int (*probe)(struct xenbus_device *dev, const struct xenbus_device_id *id);
	void (*remove)(struct xenbus_device *dev);
	int (*resume)(struct xenbus_device *dev);
	struct device_driver driver;
};

extern int __xenbus_register_frontend(struct xenbus_driver *drv, struct module *owner, const char *mod_name);
extern void xenbus_unregister_driver(struct xenbus_driver *drv);
int bind_evtchn_to_irqhandler(unsigned int evtchn, irq_handler_t handler, unsigned long irqflags,
			      const char *devname, void *dev_id);
void unbind_from_irqhandler(unsigned int irq, void *dev_id);
int xu_hw_init(struct xenbus_device *dev);
int xu_alloc_evtchn(struct xenbus_device *dev, int *port);

struct xu {
	int irq;
	int count;
};

static irqreturn_t xu_handler(int irq, void *dev_id)
{
	struct xu *xu = dev_id;

	xu->count++; // want "(read|write) xu->count by xu_handler races with write (kfree\(xu\)|xu->count) by (xu_remove|xu_resume|xu_handler)"
	return IRQ_HANDLED;
}

static int xu_connect(struct xenbus_device *dev, struct xu *xu)
{
	int ret, evtchn;

	ret = xu_alloc_evtchn(dev, &evtchn);
	if (ret)
		return ret;
	ret = bind_evtchn_to_irqhandler(evtchn, xu_handler, 0, "xu", xu);
	if (ret < 0)
		return ret;
	xu->irq = ret;
	return 0;
}

static int xu_probe(struct xenbus_device *dev, const struct xenbus_device_id *id)
{
	struct xu *xu = kzalloc(sizeof(*xu), GFP_KERNEL);
	int ret;

	if (!xu)
		return -ENOMEM;
	xu->irq = -1;
	ret = xu_connect(dev, xu);
	if (ret < 0)
		goto err;
	ret = xu_hw_init(dev);
	if (ret)
		goto err_unbind;
	dev_set_drvdata(&dev->dev, xu);
	return 0;
err_unbind:
	unbind_from_irqhandler(xu->irq, xu);
err:
	kfree(xu);		/* the handler was never bound, or has been unbound */
	return ret;
}

static int xu_resume(struct xenbus_device *dev)
{
	struct xu *xu = dev_get_drvdata(&dev->dev);

	xu->count = 0; // want "write xu->count by xu_resume races with (read|write) xu->count by xu_handler"
	return xu_connect(dev, xu);
}

static void xu_remove(struct xenbus_device *dev)
{
	struct xu *xu = dev_get_drvdata(&dev->dev);

	if (xu->irq >= 0)
		unbind_from_irqhandler(xu->irq, xu);
	kfree(xu); // want "write kfree\(xu\) by xu_remove races with (read|write) xu->count by xu_handler"
}

static const struct xenbus_device_id xu_ids[] = { { "vxu" }, { "" } };

static struct xenbus_driver xu_driver = {
	.ids = xu_ids,
	.probe = xu_probe,
	.remove = xu_remove,
	.resume = xu_resume,
};

static int __init xu_init(void)
{
	return __xenbus_register_frontend(&xu_driver, THIS_MODULE, KBUILD_MODNAME);
}

static void __exit xu_exit(void)
{
	xenbus_unregister_driver(&xu_driver);
}

module_init(xu_init);
module_exit(xu_exit);
MODULE_LICENSE("GPL");
