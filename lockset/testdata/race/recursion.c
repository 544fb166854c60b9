/* Recursion is summarised: a recursive helper that takes the lock at every
 * level keeps its accesses protected; one that does not, does not. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>

static DEFINE_MUTEX(m);
static int depth_total, unsafe_total;

static int walk(int depth)
{
	if (depth <= 0)
		return 0;
	mutex_lock(&m);
	depth_total += depth;
	mutex_unlock(&m);
	return walk(depth - 1) + 1;
}

static int walk_unsafe(int depth)
{
	if (depth <= 0)
		return 0;
	unsafe_total += depth; // want "(read|write) unsafe_total by dev_ioctl races with (read|write) unsafe_total by dev_ioctl"
	return walk_unsafe(depth - 1);
}

static long dev_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	return walk(arg) + walk_unsafe(arg);
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.unlocked_ioctl = dev_ioctl,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "recursion", &dev_fops };

static int __init dev_init(void) { return misc_register(&dev_misc); }
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
