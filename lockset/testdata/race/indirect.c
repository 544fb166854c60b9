/* Accesses reached through a function pointer count like direct ones. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>

static int hits;

static void count_hit(void) { hits++; } // want "(read|write) hits by dev_(read|write) races with (read|write) hits by dev_(read|write)"
static void count_none(void) { }

struct handler {
	void (*fn)(void);
};

static const struct handler handlers[2] = { { count_hit }, { count_none } };

static ssize_t dev_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	handlers[n & 1].fn();
	return 0;
}

static ssize_t dev_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	return hits; // want "read hits by dev_write races with write hits by dev_read"
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.read = dev_read,
	.write = dev_write,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "indirect", &dev_fops };

static int __init dev_init(void) { return misc_register(&dev_misc); }
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
