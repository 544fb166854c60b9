/* Correct lock discipline: nothing to report. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>

static DEFINE_MUTEX(m);
static DEFINE_SPINLOCK(a);
static DEFINE_SPINLOCK(b);
static int state;

/* The lock is released in a helper. */
static void release(void) { mutex_unlock(&m); }
static int released_in_helper(void)
{
	mutex_lock(&m);
	state++;
	release();
	return 0;
}

/* A helper returns holding the lock; its caller unlocks. */
static void grab(void) { mutex_lock(&m); }
static int caller_unlocks(void)
{
	grab();
	state--;
	mutex_unlock(&m);
	return 0;
}

/* A lock correlated with a flag. */
static int flagged(int need)
{
	if (need)
		mutex_lock(&m);
	state = need;
	if (need)
		mutex_unlock(&m);
	return 0;
}

/* Trylock: only its success branch holds the lock. */
static int trying(void)
{
	if (!mutex_trylock(&m))
		return -1;
	state = 3;
	mutex_unlock(&m);
	return 0;
}

/* irqsave pairs nested in a consistent order. */
static int nested_irqsave(void)
{
	unsigned long f1, f2;
	spin_lock_irqsave(&a, f1);
	spin_lock_irqsave(&b, f2);
	state = 4;
	spin_unlock_irqrestore(&b, f2);
	spin_unlock_irqrestore(&a, f1);
	return 0;
}

/* Interruptible failure paths return without unlocking. */
static int interruptible(void)
{
	if (mutex_lock_interruptible(&m))
		return -1;
	state = 5;
	mutex_unlock(&m);
	return 0;
}

/* goto unwinding in reverse order. */
static DEFINE_MUTEX(outer);
static int unwinding(int x, int y)
{
	int ret = 0;
	mutex_lock(&outer);
	spin_lock(&a);
	if (x) {
		ret = -1;
		goto out_a;
	}
	if (y) {
		ret = -2;
		goto out_outer_only;
	}
	state = 6;
out_a:
	spin_unlock(&a);
	mutex_unlock(&outer);
	return ret;
out_outer_only:
	spin_unlock(&a);
	mutex_unlock(&outer);
	return ret;
}

/* A loop that takes and releases the lock on each iteration. */
static int loop(int n)
{
	int i;
	for (i = 0; i < n; i++) {
		spin_lock(&b);
		state += i;
		spin_unlock(&b);
	}
	return 0;
}

/* read_lock is recursive for readers. */
static DEFINE_RWLOCK(rw);
static int readers(void)
{
	int v;
	read_lock(&rw);
	read_lock(&rw);
	v = state;
	read_unlock(&rw);
	read_unlock(&rw);
	return v;
}

static long dev_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	switch (cmd) {
	case 0: return released_in_helper();
	case 1: return caller_unlocks();
	case 2: return flagged(arg);
	case 3: return trying();
	case 4: return nested_irqsave();
	case 5: return interruptible();
	case 6: return unwinding(arg, arg & 2);
	case 7: return loop(arg);
	case 8: return readers();
	}
	return 0;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.unlocked_ioctl = dev_ioctl,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "correct", &dev_fops };

static int __init dev_init(void) { return misc_register(&dev_misc); }
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
