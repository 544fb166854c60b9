/* Module init runs alone until it publishes the device: accesses before
 * misc_register cannot race, accesses after it can. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>

static int size, ready;

static ssize_t dev_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	if (!ready) // want "read ready by dev_read races with write ready by dev_init"
		return 0;
	return size;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.read = dev_read,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "init", &dev_fops };

static int __init dev_init(void)
{
	int err;

	size = 4096;
	err = misc_register(&dev_misc);
	if (err)
		return err;
	ready = 1; // want "write ready by dev_init races with read ready by dev_read"
	return 0;
}

static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
