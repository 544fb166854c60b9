/* A recursive helper entered with the lock held drops it before recursing:
 * its accesses in the recursive activations run without the lock. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>

static DEFINE_MUTEX(m);
static int level;

static void descend(int depth)
{
	level = depth; // want "write level by dev_ioctl races with (read|write) level by dev_ioctl"
	mutex_unlock(&m);
	if (depth > 0) {
		descend(depth - 1);
	}
	mutex_lock(&m);
}

static long dev_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	mutex_lock(&m);
	descend(arg);
	mutex_unlock(&m);
	return 0;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.unlocked_ioctl = dev_ioctl,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "recunlock", &dev_fops };

static int __init dev_init(void) { return misc_register(&dev_misc); }
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
