/* call_targets.c with a call of ct_release's own type through the
 * table: the driver may call the release (ct_put), so neither
 * device-release-once nor device-release-ref applies and its races stay. */
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

	kfree(c); // want "write kfree\(c\) by ct_(put|release) races with (write kfree\(c\) by ct_(put|release)|read c->label by label_show)"
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

	return sprintf(buf, "%d\n", get(c->label, 1)); // want "read c->label by label_show races with write kfree\(c\) by ct_(put|release)"
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

void ct_put(struct ct_dev *c, int i)
{
	void (*put)(struct device *) = ct_hooks[i];

	put(&c->dev);
}
EXPORT_SYMBOL_GPL(ct_put);

MODULE_LICENSE("GPL");
