/* A fresh object whose pointer went only to a registration that failed
 * is the caller's own again on the failure path (regions/failed.go,
 * assumption failed-registration): item_export's kfree after
 * device_create_with_groups failed races with no reader of another
 * item (6.12 gpiolib-sysfs.c's gpiod_export, triage row 16); its
 * unexport's kfree of an item it found, and item_keep's kfree of an item
 * it also published through a global, still race with the reader. */
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
};

static struct class *item_class;
static struct item *last;

int item_export(int n)
{
	struct item *p = kzalloc(sizeof(*p), GFP_KERNEL);
	struct device *dev;

	if (!p)
		return -ENOMEM;
	p->id = n;
	dev = device_create_with_groups(item_class, NULL, 0, p, NULL, "item%d", n);
	if (IS_ERR(dev)) {
		kfree(p);
		return PTR_ERR(dev);
	}
	return 0;
}
EXPORT_SYMBOL(item_export);

int item_unexport(struct device *dev)
{
	struct item *p = dev_get_drvdata(dev);

	kfree(p); // want "write kfree\(p\) by item_unexport races with (read|write) .* by (item_read|item_unexport|item_keep)"
	return 0;
}
EXPORT_SYMBOL(item_unexport);

int item_keep(int n)
{
	struct item *p = kzalloc(sizeof(*p), GFP_KERNEL);
	struct device *dev;

	if (!p)
		return -ENOMEM;
	last = p; // want "write last by item_keep races with (read|write) last by (item_read|item_keep)"
	dev = device_create_with_groups(item_class, NULL, 0, p, NULL, "item%d", n);
	if (IS_ERR(dev)) {
		kfree(p); // want "write kfree\(p\) by item_keep races with (read|write) .* by (item_read|item_unexport|item_keep)"
		return PTR_ERR(dev);
	}
	return 0;
}
EXPORT_SYMBOL(item_keep);

static ssize_t item_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	return last->len; // want "read last->len by item_read races with write kfree\(p\) by (item_unexport|item_keep)" "read last by item_read races with write last by item_keep"
}

static const struct file_operations fops = { .owner = THIS_MODULE, .read = item_read };
static struct miscdevice misc = { .minor = MISC_DYNAMIC_MINOR, .name = "items", .fops = &fops };

static int __init items_init(void) { return misc_register(&misc); }
module_init(items_init);
