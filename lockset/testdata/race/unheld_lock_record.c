/* A lock one side of a pair holds on some paths and the other side on
 * none cannot protect their accesses: the pair's record leaves its bit out
 * (narrow), and the race between the two is still found. The pair of
 * dev_ioctl with itself keeps the bit: there the lock is held on some paths
 * on both sides. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>

static DEFINE_MUTEX(m);
static int level;

static long dev_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	if (cmd > 7)
		mutex_lock(&m);
	level = arg; // want "write level by dev_ioctl races with write level by dev_(ioctl|write)"
	if (cmd > 7)
		mutex_unlock(&m);
	return 0;
}

static ssize_t dev_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	level = n; // want "write level by dev_write races with write level by dev_(ioctl|write)"
	return n;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.unlocked_ioctl = dev_ioctl,
	.write = dev_write,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "unheld", &dev_fops };

static int __init dev_init(void) { return misc_register(&dev_misc); }
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
