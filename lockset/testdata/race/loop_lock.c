/* Lock and unlock inside a loop. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/spinlock.h>

static DEFINE_SPINLOCK(lock);
static int total, last;

static ssize_t dev_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	size_t i;

	for (i = 0; i < n; i++) {
		spin_lock(&lock);
		total += i;
		spin_unlock(&lock);
		last = i; // want "write last by dev_write races with write last by dev_write"
	}
	return n;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.write = dev_write,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "loop", &dev_fops };

static int __init dev_init(void) { return misc_register(&dev_misc); }
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
