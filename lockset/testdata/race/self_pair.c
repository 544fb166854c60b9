/* An unprotected write in one entry point races with itself. (Not in
 * open: the misc core runs a misc device's opens one at a time,
 * misc_open.c.) */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>

static int opens;

static ssize_t dev_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	opens++; // want "write opens by dev_write races with (read|write) opens by dev_write" "(read|write) opens by dev_write races with write opens by dev_write"
	return n;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.write = dev_write,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "selfpair", &dev_fops };

static int __init dev_init(void) { return misc_register(&dev_misc); }
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
