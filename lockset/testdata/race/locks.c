/* Two entry points: no lock, different locks, the same lock. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>

static DEFINE_MUTEX(a_lock);
static DEFINE_SPINLOCK(b_lock);
static int unlocked, split, guarded;

static ssize_t dev_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	int v;

	v = unlocked; // want "read unlocked by dev_read races with write unlocked by dev_write"
	mutex_lock(&a_lock);
	v += split; // want "read split by dev_read races with write split by dev_write"
	v += guarded;
	mutex_unlock(&a_lock);
	return v;
}

static ssize_t dev_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	unsigned long flags;

	unlocked = n; // want "write unlocked by dev_write races with read unlocked by dev_read" "write unlocked by dev_write races with write unlocked by dev_write"
	spin_lock_irqsave(&b_lock, flags);
	split = n; // want "write split by dev_write races with read split by dev_read"
	spin_unlock_irqrestore(&b_lock, flags);
	mutex_lock(&a_lock);
	guarded = n;
	mutex_unlock(&a_lock);
	return n;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.read = dev_read,
	.write = dev_write,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "locks", &dev_fops };

static int __init dev_init(void) { return misc_register(&dev_misc); }
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
