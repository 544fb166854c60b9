/* An exported function runs holding a reference to the object its
 * pointer parameter points to (assumption caller-reference): cr_register
 * is handed the cr_dev its caller got from cr_alloc, whose reference the
 * caller drops later, so cr_release (the device's release, which runs
 * after the last put_device) does not free it during the call.
 * cr_register's accesses through its parameter do not race with
 * cr_release's kfree; a global still does. cr_unhook drops a reference
 * itself (put_device) and then uses the object: a use after free if that
 * was the last one, kept; so is cr_attach, whose devm action may drop
 * one; cq_poke takes a pointer to another struct, kept. */
#include <linux/module.h>
#include <linux/device.h>
#include <linux/slab.h>

struct cr_dev {
	int flags;
	int mode;
	int state;
	struct device dev;
};

struct cq_dev {
	int state;
	struct cr_dev *cr;
};

static int cr_count;

static void cr_release(struct device *dev)
{
	struct cr_dev *c = container_of(dev, struct cr_dev, dev);

	cr_count--; // want "(read|write) cr_count by cr_release races with (read|write) cr_count by cr_(register|release)"
	kfree(c); // want "write kfree\(c\) by cr_release races with (read c->dev.parent by cr_attach|write c->mode by cr_attach|write c->state by cr_unhook|write q->cr->state by cq_poke)"
}

struct cr_dev *cr_alloc(struct device *parent)
{
	struct cr_dev *c = kzalloc(sizeof(*c), GFP_KERNEL);

	if (!c)
		return NULL;
	c->dev.parent = parent;
	c->dev.release = cr_release;
	device_initialize(&c->dev);
	return c;
}
EXPORT_SYMBOL_GPL(cr_alloc);

int cr_register(struct cr_dev *c, int mode)
{
	if (c->flags) /* old code: raced with cr_release's kfree */
		return -EBUSY;
	c->mode = mode; // want "write c->mode by cr_register races with write c->mode by cr_(attach|register)"
	c->state = 1; // want "write c->state by cr_register races with write (c->state by cr_(register|unhook)|q->cr->state by cq_poke)"
	cr_count++; // want "(read|write) cr_count by cr_register races with (read|write) cr_count by cr_(release|register)"
	return device_add(&c->dev);
}
EXPORT_SYMBOL_GPL(cr_register);

void cr_unhook(struct cr_dev *c)
{
	put_device(&c->dev);
	c->state = 0; // want "write c->state by cr_unhook races with write (c->state by cr_(register|unhook)|kfree\(c\) by cr_release|q->cr->state by cq_poke)"
}
EXPORT_SYMBOL_GPL(cr_unhook);

/* The devm action drops a reference on failure, perhaps the caller's
 * last: the rule is off for cr_attach. */
static void cr_put_action(void *data)
{
	struct cr_dev *c = data;

	put_device(&c->dev);
}

int cr_attach(struct cr_dev *c)
{
	c->mode = 3; // want "write c->mode by cr_attach races with write (c->mode by cr_register|kfree\(c\) by cr_release)"
	return devm_add_action_or_reset(c->dev.parent, cr_put_action, c); // want "read c->dev.parent by cr_attach races with write kfree\(c\) by cr_release"
}
EXPORT_SYMBOL_GPL(cr_attach);

void cq_poke(struct cq_dev *q)
{
	q->cr->state = 2; // want "write q->cr->state by cq_poke races with write (c->state by cr_(register|unhook)|kfree\(c\) by cr_release|q->cr->state by cq_poke)"
}
EXPORT_SYMBOL_GPL(cq_poke);

MODULE_LICENSE("GPL");
