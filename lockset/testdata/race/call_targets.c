/* An indirect call reaches only the functions of its type (assumption
 * typed-kernel): a call through a pointer of another type is undefined
 * behaviour (C11 6.5.2.2p9) and kCFI traps it. ct_hooks holds functions of
 * two types behind void pointers; ct_show's two-argument call through it
 * cannot reach ct_release (one parameter), so ct_release is only a
 * release (device-release-once: no race with itself; device-release-ref:
 * none with the show of its device). call_targets_kept.c calls it through
 * the table with its own type: it keeps its races there. */
#include <linux/module.h>
#include <linux/device.h>
#include <linux/slab.h>

struct ct_dev {
	int mode;
	int label;
	struct device dev;
};

static void ct_release(struct device *dev)
{
	struct ct_dev *c = container_of(dev, struct ct_dev, dev);

	kfree(c); /* old code: raced with itself and with label_show */
}

static int ct_get(int a, int v)
{
	return a + v;
}

static void *ct_hooks[] = { (void *)ct_release, (void *)ct_get };

static ssize_t label_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct ct_dev *c = container_of(dev, struct ct_dev, dev);
	int (*get)(int, int) = ct_hooks[1];

	return sprintf(buf, "%d\n", get(c->label, 1));
}
static DEVICE_ATTR_RO(label);

static struct attribute *ct_attrs[] = {
	&dev_attr_label.attr,
	NULL,
};
ATTRIBUTE_GROUPS(ct);

static const struct class ct_class = {
	.name = "ct",
	.dev_groups = ct_groups,
};

struct ct_dev *ct_alloc(struct device *parent)
{
	struct ct_dev *c = kzalloc(sizeof(*c), GFP_KERNEL);

	if (!c)
		return NULL;
	c->dev.parent = parent;
	c->dev.class = &ct_class;
	c->dev.release = ct_release;
	device_initialize(&c->dev);
	return c;
}
EXPORT_SYMBOL_GPL(ct_alloc);

MODULE_LICENSE("GPL");
