/* A kernel helper given NULL touches no memory: memset(NULL, ...) and
 * copy_from_user(NULL, ...) would oops, kfree(NULL) returns at once, and
 * optional output buffers (acpi_evaluate_object's) are tested first. They
 * used to be writes to "absolute memory" that raced with each other. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/slab.h>
#include <linux/string.h>

static int calls;

static ssize_t dev_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	kfree(NULL);
	memset(NULL, 0, 4);
	calls++; // want "write calls by dev_read races with (read|write) calls by dev_read"
	return 0;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.read = dev_read,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "nullhelper", &dev_fops };

static int __init dev_init(void) { return misc_register(&dev_misc); }
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
