/* A trylock holds the lock only on its success branch. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>

static DEFINE_MUTEX(m);
static DEFINE_SPINLOCK(s);
static int good, bad, irq_count;

static long dev_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	if (mutex_trylock(&m)) {
		good = arg;
		mutex_unlock(&m);
	} else {
		bad = arg; // want "write bad by dev_ioctl races with write bad by dev_ioctl"
	}
	if (mutex_lock_interruptible(&m))
		return -EINTR;
	good++;
	mutex_unlock(&m);
	if (!spin_trylock(&s))
		return -EBUSY;
	irq_count++;
	spin_unlock(&s);
	return 0;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.unlocked_ioctl = dev_ioctl,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "trylock", &dev_fops };

static int __init dev_init(void) { return misc_register(&dev_misc); }
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
