/* Recursive helpers called with a lock held. A recursion may never end, and
 * the check lets a recursive callee stop there; an entry point that stops
 * inside one never returns, so it returns with no lock held. Those that do
 * return are checked: one path of dev_write keeps the lock. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>

struct cond {
	int (*check)(int depth);
};

static DEFINE_MUTEX(m);
static DEFINE_SPINLOCK(s);
static int reg, total;

static int poll_cond(const struct cond *c, int depth);

static int reg_ready(int depth)
{
	static const struct cond again = { .check = reg_ready };

	reg++;
	if (depth > 0)
		return poll_cond(&again, depth - 1);
	return reg;
}

/* A call through a function pointer closes the cycle, as r8169's
 * rtl_loop_wait does with its rtl_cond checks. */
static int poll_cond(const struct cond *c, int depth)
{
	return c->check(depth);
}

static const struct cond ready = { .check = reg_ready };

static int sum(int n)
{
	if (n <= 0)
		return 0;
	total += n;
	return sum(n - 1);
}

static long dev_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	int v;

	mutex_lock(&m);
	v = poll_cond(&ready, arg);
	mutex_unlock(&m);
	return v;
}

static ssize_t dev_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	spin_lock(&s);
	if (sum(n) > 100)
		return -EINVAL; // want "lock-held-at-return: dev_write returns with s held"
	spin_unlock(&s);
	return n;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.write = dev_write,
	.unlocked_ioctl = dev_ioctl,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "lockrec", &dev_fops };

static int __init dev_init(void) { return misc_register(&dev_misc); }
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
