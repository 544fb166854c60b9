// Modern locking against the real Linux 6.12 headers: guard(mutex) holds
// the mutex to the end of its scope (linux/cleanup.h: a variable with
// __attribute__((cleanup))), scoped_guard(spinlock_irqsave, ...) for its
// statement, and spin_lock and spin_lock_irqsave name one lock.
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>
#include <linux/cleanup.h>

static DEFINE_MUTEX(g_lock);
static DEFINE_SPINLOCK(s_lock);
static int guarded, unguarded, scoped, mixed;

static long g_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	unsigned long flags;

	{
		guard(mutex)(&g_lock);
		guarded++;
		if (cmd == 1)
			return 0;
	}
	unguarded++; // want "race"
	scoped_guard(spinlock_irqsave, &s_lock)
		scoped++;
	spin_lock_irqsave(&s_lock, flags);
	mixed = 1;
	spin_unlock_irqrestore(&s_lock, flags);
	return 0;
}

static ssize_t g_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	spin_lock(&s_lock);
	mixed++;
	scoped = 0;
	spin_unlock(&s_lock);
	return 0;
}

static const struct file_operations g_fops = {
	.owner = THIS_MODULE, .unlocked_ioctl = g_ioctl, .read = g_read,
};
static struct miscdevice g_misc = { .minor = MISC_DYNAMIC_MINOR, .name = "g", .fops = &g_fops };
module_misc_device(g_misc);
MODULE_LICENSE("GPL");
