/* Conditional locking correlated with a flag: protected on every path. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>

static DEFINE_MUTEX(m);
static int shared, sloppy;

static long dev_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	int need = cmd != 0;

	if (need)
		mutex_lock(&m);
	if (need)
		shared = arg;
	if (need)
		mutex_unlock(&m);
	if (cmd > 7)
		mutex_lock(&m);
	sloppy = arg; // want "write sloppy by dev_ioctl races with write sloppy by dev_ioctl"
	if (cmd > 7)
		mutex_unlock(&m);
	return 0;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.unlocked_ioctl = dev_ioctl,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "cond", &dev_fops };

static int __init dev_init(void) { return misc_register(&dev_misc); }
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
