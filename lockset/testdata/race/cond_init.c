/* A static initialiser that is a conditional with a non-constant condition
 * and two equal arms, as of.h's _OF_DECLARE writes `(fn == (fn_type)fn) ? fn
 * : fn` for a type check: the value is fn, so dev_read is registered. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>

typedef ssize_t (*read_fn)(struct file *, char __user *, size_t, loff_t *);
static unsigned long reads;

static ssize_t dev_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	reads++; // want "write reads by dev_read races with write reads by dev_read"
	return 0;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.read = (dev_read == (read_fn)dev_read) ? dev_read : dev_read,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "cond_init", &dev_fops };

static int __init dev_init(void) { return misc_register(&dev_misc); }
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
