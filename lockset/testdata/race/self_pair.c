/* An unprotected write in one entry point races with itself. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>

static int opens;

static int dev_open(struct inode *inode, struct file *file)
{
	opens++; // want "write opens by dev_open races with (read|write) opens by dev_open" "(read|write) opens by dev_open races with write opens by dev_open"
	return 0;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.open = dev_open,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "selfpair", &dev_fops };

static int __init dev_init(void) { return misc_register(&dev_misc); }
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
