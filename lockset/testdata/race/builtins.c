/* gcc's atomic and overflow builtins access memory: atomically through
 * their first argument (no race with each other), plainly through result
 * pointers. A plain access against either still races. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>

static int users, resets, total;

static int dev_open(struct inode *inode, struct file *file)
{
	__sync_fetch_and_add(&users, 1);
	__atomic_fetch_add(&resets, 1, __ATOMIC_RELAXED); // want "(read|write) resets by dev_open races with write resets by dev_ioctl"
	return 0;
}

static ssize_t dev_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	if (__builtin_add_overflow(__atomic_load_n(&users, __ATOMIC_ACQUIRE), 1, &total)) // want "write total by dev_read races with (read|write) total by (dev_read|dev_ioctl)" "write total by dev_read races with write total by dev_read"
		return -1;
	return 0;
}

static long dev_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	resets = 0; // want "write resets by dev_ioctl races with (read|write) resets by dev_open" "write resets by dev_ioctl races with write resets by dev_ioctl"
	return total; // want "read total by dev_ioctl races with write total by dev_read"
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.open = dev_open,
	.read = dev_read,
	.unlocked_ioctl = dev_ioctl,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "builtins", &dev_fops };

static int __init dev_init(void) { return misc_register(&dev_misc); }
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
