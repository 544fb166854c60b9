/* A compat_ioctl that only passes its arguments on to the ioctl of the
 * same file_operations (dev_compat_ioctl) makes the same accesses under
 * the same locks: its pairs repeat the ioctl's and take their result,
 * naming their own entry point. One that does anything else first
 * (dev_compat_ioctl_locked takes the lock) is checked on its own: its
 * locked write races with no locked access. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>
#include <linux/compat.h>

static DEFINE_MUTEX(dev_lock);
static int dev_mode;
static int dev_count;

static long dev_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	dev_mode = cmd; // want "write dev_mode by (dev_ioctl|dev_compat_ioctl) races with (write|read) dev_mode by (dev_ioctl|dev_compat_ioctl|dev_read)"
	return 0;
}

static long dev_compat_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	return dev_ioctl(file, cmd, (unsigned long)compat_ptr(arg));
}

static ssize_t dev_read(struct file *file, char __user *buf, size_t len, loff_t *pos)
{
	int mode;

	mutex_lock(&dev_lock);
	mode = dev_mode; // want "read dev_mode by dev_read races with write dev_mode by (dev_ioctl|dev_compat_ioctl)"
	dev_count++;
	mutex_unlock(&dev_lock);
	return mode;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.read = dev_read,
	.unlocked_ioctl = dev_ioctl,
	.compat_ioctl = dev_compat_ioctl,
};

static struct miscdevice dev_misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "fwd",
	.fops = &dev_fops,
};

static long dev_ioctl_locked(struct file *file, unsigned int cmd, unsigned long arg)
{
	dev_count = cmd;
	return 0;
}

static long dev_compat_ioctl_locked(struct file *file, unsigned int cmd, unsigned long arg)
{
	long ret;

	mutex_lock(&dev_lock);
	ret = dev_ioctl_locked(file, cmd, arg);
	mutex_unlock(&dev_lock);
	return ret;
}

static const struct file_operations dev2_fops = {
	.owner = THIS_MODULE,
	.read = dev_read,
	.compat_ioctl = dev_compat_ioctl_locked,
};

static struct miscdevice dev2_misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "fwd2",
	.fops = &dev2_fops,
};

static int __init dev_init(void)
{
	int ret = misc_register(&dev_misc);

	if (ret)
		return ret;
	return misc_register(&dev2_misc);
}

static void __exit dev_exit(void)
{
	misc_deregister(&dev2_misc);
	misc_deregister(&dev_misc);
}

module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
