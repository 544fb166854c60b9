#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>

static int count;
static ssize_t dev_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	count = n;
	return n;
}
static const struct file_operations dev_fops = { .owner = THIS_MODULE, .write = dev_write };
static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "racy", &dev_fops };
static int __init dev_init(void) { return misc_register(&dev_misc); }
module_init(dev_init);
MODULE_LICENSE("GPL");
