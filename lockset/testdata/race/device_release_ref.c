/* A struct device's release runs after its last reference is dropped
 * (kobject_put -> kobject_cleanup -> device_release, drivers/base/core.c),
 * and the PM core holds a reference to a device across its system-sleep
 * callbacks (drivers/base/power/main.c: get_device before, put_device
 * after, in dpm_prepare, dpm_suspend, dpm_resume, dpm_complete and the
 * late/early/noirq loops). So rp_suspend's accesses through its device's
 * container do not race with rp_release's kfree of its container: one
 * device, no overlap; two devices, two containers (one container_of
 * offset). A global, an object reached through a pointer loaded from the
 * device, a runtime PM callback (no reference of the PM core is known
 * there) and a PM callback that finds its container at another offset
 * (rq_dev has two devices) still race. */
#include <linux/module.h>
#include <linux/device.h>
#include <linux/pm.h>
#include <linux/slab.h>

struct rp_shared {
	int users;
};

struct rp_dev {
	int id;
	int mode;
	int label;
	struct rp_shared *shared;
	struct device dev;
};

static int rp_count;

static void rp_release(struct device *dev)
{
	struct rp_dev *r = container_of(dev, struct rp_dev, dev);

	r->shared->users--; // want "(read|write) r->shared->users by rp_release races with (read|write) r->shared->users by rp_(suspend|release)"
	rp_count--; // want "(read|write) rp_count by rp_release races with (read|write) rp_count by rp_(suspend|release)"
	kfree(r); // want "write kfree\(r\) by rp_release races with write r->id by rp_runtime_suspend"
}

static int rp_suspend(struct device *dev)
{
	struct rp_dev *r = container_of(dev, struct rp_dev, dev);

	r->mode = 1; /* the PM core holds dev: rp_release is another device's */
	r->shared->users++; // want "(read|write) r->shared->users by rp_suspend races with write r->shared->users by rp_release"
	rp_count++; // want "(read|write) rp_count by rp_suspend races with (read|write) rp_count by rp_release"
	return 0;
}

static int rp_runtime_suspend(struct device *dev)
{
	struct rp_dev *r = container_of(dev, struct rp_dev, dev);

	r->id = 2; // want "write r->id by rp_runtime_suspend races with write kfree\(r\) by rp_release"
	return 0;
}

/* kobject_cleanup removes the device's sysfs files, waiting for running
 * shows (kernfs_remove drains them), before it calls the release. */
static ssize_t label_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct rp_dev *r = container_of(dev, struct rp_dev, dev);

	return sprintf(buf, "%d\n", r->label);
}
static DEVICE_ATTR_RO(label);

static struct attribute *rp_attrs[] = {
	&dev_attr_label.attr,
	NULL,
};
ATTRIBUTE_GROUPS(rp);

static const struct dev_pm_ops rp_pm_ops = {
	.suspend = rp_suspend, /* one function, three callbacks: SIMPLE_DEV_PM_OPS */
	.freeze = rp_suspend,
	.poweroff = rp_suspend,
	.runtime_suspend = rp_runtime_suspend,
};

static const struct class rp_class = {
	.name = "rp",
	.pm = &rp_pm_ops,
	.dev_groups = rp_groups,
};

struct rp_dev *rp_alloc(struct device *parent, struct rp_shared *s)
{
	struct rp_dev *r = kzalloc(sizeof(*r), GFP_KERNEL);

	if (!r)
		return NULL;
	r->shared = s;
	r->dev.parent = parent;
	r->dev.class = &rp_class;
	r->dev.release = rp_release;
	device_initialize(&r->dev);
	return r;
}
EXPORT_SYMBOL_GPL(rp_alloc);

/* Two devices in one container: q->b's PM callback may run while q->a's
 * release frees the container, and the PM core's reference is to q->b. */
struct rq_dev {
	struct device a;
	int state;
	struct device b;
};

static void rq_release_a(struct device *dev)
{
	struct rq_dev *q = container_of(dev, struct rq_dev, a);

	kfree(q); // want "write kfree\(q\) by rq_release_a races with write q->state by rq_suspend_b"
}

static int rq_suspend_b(struct device *dev)
{
	struct rq_dev *q = container_of(dev, struct rq_dev, b);

	q->state = 1; // want "write q->state by rq_suspend_b races with write kfree\(q\) by rq_release_a"
	return 0;
}

static const struct dev_pm_ops rq_pm_ops = {
	.suspend = rq_suspend_b,
};

static const struct device_type rq_type = {
	.name = "rq",
	.pm = &rq_pm_ops,
	.release = rq_release_a,
};

struct rq_dev *rq_alloc(void)
{
	struct rq_dev *q = kzalloc(sizeof(*q), GFP_KERNEL);

	if (!q)
		return NULL;
	q->a.type = &rq_type;
	device_initialize(&q->a);
	return q;
}
EXPORT_SYMBOL_GPL(rq_alloc);

MODULE_LICENSE("GPL");
