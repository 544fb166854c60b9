/* A summarised (recursive) helper that dev_read and dev_write call under m
 * and dev_ioctl without it. Its read of shared_val is dead in the pair
 * dev_read/dev_write (protected against every conflicting access), and the
 * pair's copies never select it; the helper's summary, proved on the whole
 * program, still may. The race condition must not take such a selection
 * for an access holding nothing: dev_read and dev_write do not race.
 * dev_read's unlocked read is on no feasible path. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>

static DEFINE_MUTEX(m);
static int shared_val;

static void helper(int n)
{
	shared_val++; // want "dev_ioctl"
	if (n > 0)
		helper(n - 1);
}

static ssize_t dev_read(struct file *f, char __user *buf, size_t len, loff_t *off)
{
	int a = len;
	mutex_lock(&m);
	helper(len);
	mutex_unlock(&m);
	if (a > 5 && a < 3)
		return shared_val;
	return 0;
}

static ssize_t dev_write(struct file *f, const char __user *buf, size_t len, loff_t *off)
{
	mutex_lock(&m);
	helper(len);
	mutex_unlock(&m);
	return len;
}

static long dev_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	helper(arg);
	return 0;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.read = dev_read,
	.write = dev_write,
	.unlocked_ioctl = dev_ioctl,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "ctx", &dev_fops };

static int __init dev_init(void) { return misc_register(&dev_misc); }
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
