/* Atomic operations never race with each other (the kernel memory model),
 * but a plain access against them still does. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/atomic.h>

static atomic_t users = ATOMIC_INIT(0);
static atomic_t resets = ATOMIC_INIT(0);

static int dev_open(struct inode *inode, struct file *file)
{
	atomic_inc(&users);
	atomic_inc(&resets); // want "(read|write) .* by dev_open races with write resets.counter by dev_ioctl"
	return 0;
}

static ssize_t dev_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	return atomic_read(&users);
}

static long dev_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	resets.counter = 0; // want "write resets.counter by dev_ioctl races with (read|write) .* by dev_open" "write resets.counter by dev_ioctl races with write resets.counter by dev_ioctl"
	return 0;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.open = dev_open,
	.read = dev_read,
	.unlocked_ioctl = dev_ioctl,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "atomics", &dev_fops };

static int __init dev_init(void) { return misc_register(&dev_misc); }
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
