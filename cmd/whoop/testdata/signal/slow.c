#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>

static DEFINE_MUTEX(lock);
static int count;
static ssize_t dev_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	long x = n, y = *ppos, z = (long)buf;
	if (x > 0 && y > 0 && z > 0 && x * x * x + y * y * y == z * z * z)
		count = n;
	else {
		mutex_lock(&lock);
		count = n;
		mutex_unlock(&lock);
	}
	return n;
}
static const struct file_operations dev_fops = { .owner = THIS_MODULE, .write = dev_write };
static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "slow", &dev_fops };
static int __init dev_init(void) { return misc_register(&dev_misc); }
module_init(dev_init);
MODULE_LICENSE("GPL");
