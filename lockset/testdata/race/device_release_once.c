/* A struct device is released once: kobject_put calls device_release from
 * kobject_cleanup when the last reference is dropped, and it calls the
 * device's ->release (rtc/class.c's rtc_device_release). Two runs of one
 * release callback are the releases of two devices: their accesses
 * through the device, and through its container (container_of), are to
 * two objects and do not race. A global they both write, and an object
 * they reach through a pointer loaded from the device, still race; so
 * does a release callback the driver also calls itself (dx_release from
 * dx_put: one device may then be released twice). dw_release has
 * watchdog_dev.c's shape: an uninitialised declaration, then container_of.
 * device_initialize keeps no pointer to the device: dw_alloc's store after
 * it is to an allocation no one else sees yet. */
#include <linux/module.h>
#include <linux/device.h>
#include <linux/slab.h>

struct dr_shared {
	int users;
};

struct dr_dev {
	int id;
	int mode;
	struct dr_shared *shared;
	struct device dev;
};

static int dr_count;

static void dr_clear(struct dr_dev *d)
{
	d->mode = 0;
}

static void dr_release(struct device *dev)
{
	struct dr_dev *d = container_of(dev, struct dr_dev, dev);

	dr_clear(d);
	d->shared->users--; // want "(read|write) d->shared->users by dr_release races with write d->shared->users by dr_release" "write d->shared->users by dr_release races with (read|write) d->shared->users by dr_release"
	dr_count--; // want "(read|write) dr_count by dr_release races with write dr_count by dr_release" "write dr_count by dr_release races with (read|write) dr_count by dr_release"
	kfree(d);
}

struct dr_dev *dr_alloc(struct device *parent, struct dr_shared *s)
{
	struct dr_dev *d = kzalloc(sizeof(*d), GFP_KERNEL);

	if (!d)
		return NULL;
	d->shared = s;
	d->dev.parent = parent;
	d->dev.release = dr_release;
	device_initialize(&d->dev);
	return d;
}
EXPORT_SYMBOL_GPL(dr_alloc);

/* watchdog_dev.c's shape: the device first, the container assigned after
 * an uninitialised declaration. */
struct dw_dev {
	struct device dev;
	int state;
};

static void dw_release(struct device *dev)
{
	struct dw_dev *w;

	w = container_of(dev, struct dw_dev, dev);
	w->state = 0;
	kfree(w);
}

struct dw_dev *dw_alloc(void)
{
	struct dw_dev *w = kzalloc(sizeof(*w), GFP_KERNEL);

	if (!w)
		return NULL;
	w->dev.release = dw_release;
	device_initialize(&w->dev);
	w->state = 1; /* device_initialize handed w to no one */
	return w;
}
EXPORT_SYMBOL_GPL(dw_alloc);

struct dx_dev {
	int mode;
	int pad[7]; /* x->mode lies where no dr_dev field does */
	struct device dev;
};

static void dx_release(struct device *dev)
{
	struct dx_dev *x = container_of(dev, struct dx_dev, dev);

	x->mode = 0; // want "write x->mode by dx_release races with write x->mode by dx_release" "write x->mode by dx_put races with write x->mode by dx_(release|put)" "write x->mode by dx_(release|put) races with write x->mode by dx_put"
}

struct dx_dev *dx_alloc(void)
{
	struct dx_dev *x = kzalloc(sizeof(*x), GFP_KERNEL);

	if (!x)
		return NULL;
	x->dev.release = dx_release;
	device_initialize(&x->dev);
	return x;
}
EXPORT_SYMBOL_GPL(dx_alloc);

void dx_put(struct dx_dev *x)
{
	dx_release(&x->dev);
}
EXPORT_SYMBOL_GPL(dx_put);

MODULE_LICENSE("GPL");
