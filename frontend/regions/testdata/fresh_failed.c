/* Unpublished allocations (A9) and failed registrations: a fresh object
 * whose pointer went only to a registration that failed is unpublished
 * again where the code tests the failure (the kernel undid the
 * registration and kept no pointer: gpiod_export's kfree(data) after
 * device_create_with_groups failed, 6.12 gpiolib-sysfs.c:646), for an
 * error pointer (IS_ERR) and for a negative errno (misc_register). On the
 * success path, or once the pointer went elsewhere too, it stays
 * published. */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/err.h>
#include <linux/device.h>
#include <linux/miscdevice.h>

struct item {
	int id;
	int len;
	struct miscdevice misc;
};

static struct class *item_class;
static struct item *last;

static int item_export(int n)
{
	struct item *p = kzalloc(sizeof(*p), GFP_KERNEL);
	struct device *dev;

	if (!p)
		return -ENOMEM;
	p->id = n;                                   // want shared private
	dev = device_create_with_groups(item_class, NULL, 0, p, NULL, "item%d", n);
	if (IS_ERR(dev)) {
		p->len = 0;                              // want private
		kfree(p);                                // want private
		return PTR_ERR(dev);
	}
	p->len = 1;                                  // want shared not-private
	return 0;
}
EXPORT_SYMBOL(item_export);

static int item_add(int n)
{
	struct item *p = kzalloc(sizeof(*p), GFP_KERNEL);
	int err;

	if (!p)
		return -ENOMEM;
	p->misc.minor = MISC_DYNAMIC_MINOR;          // want private
	err = misc_register(&p->misc);
	if (err) {
		p->len = 0;                              // want private
		kfree(p);
		return err;
	}
	p->len = 1;                                  // want shared not-private
	return 0;
}
EXPORT_SYMBOL(item_add);

/* Published elsewhere before the registration failed: not private. */
static int item_keep(int n)
{
	struct item *p = kzalloc(sizeof(*p), GFP_KERNEL);
	int err;

	if (!p)
		return -ENOMEM;
	last = p;
	err = misc_register(&p->misc);
	if (err < 0) {
		p->len = 0;                              // want shared not-private
		return err;
	}
	return 0;
}
EXPORT_SYMBOL(item_keep);

/* Published elsewhere after the registration: not private either. */
static int item_later(int n)
{
	struct item *p = kzalloc(sizeof(*p), GFP_KERNEL);
	struct device *dev;

	if (!p)
		return -ENOMEM;
	dev = device_create_with_groups(item_class, NULL, 0, p, NULL, "item%d", n);
	last = p;
	if (IS_ERR(dev)) {
		p->len = 0;                              // want shared not-private
		return PTR_ERR(dev);
	}
	return 0;
}
EXPORT_SYMBOL(item_later);

static ssize_t item_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	return last->len + last->id;                 // want shared not-private
}

static const struct file_operations fops = { .owner = THIS_MODULE, .read = item_read };
static struct miscdevice misc = { .minor = MISC_DYNAMIC_MINOR, .name = "items", .fops = &fops };

static int __init items_init(void) { return misc_register(&misc); }
module_init(items_init);
