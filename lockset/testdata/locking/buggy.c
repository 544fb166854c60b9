/* Lock-discipline errors, one per function, each reached from an ioctl. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>

static DEFINE_MUTEX(m);
static DEFINE_SPINLOCK(s);
static int state;

/* A double lock through a helper two calls deep. */
static void inner(void)
{
	mutex_lock(&m); // want "double-lock: mutex_lock: m is already held \(.* acquired here at line 24\)"
	state++;
	mutex_unlock(&m);
}

static void middle(void) { inner(); }

static int deep(void)
{
	mutex_lock(&m);
	middle();
	mutex_unlock(&m); /* the path deadlocked at line 15: not reported */
	return 0;
}

/* Through a function pointer. */
static void take_s(void) { spin_lock(&s); } // want "double-lock"
static void (*taker)(void) = take_s;

static int via_pointer(void)
{
	spin_lock(&s);
	taker();
	spin_unlock(&s);
	return 0;
}

/* On a loop back edge: the unlock is missing from the loop body. */
static DEFINE_SPINLOCK(loop_lock);
static int looping(int n)
{
	int i;
	for (i = 0; i < n; i++) {
		spin_lock(&loop_lock); // want "double-lock"
		state += i;
	}
	spin_unlock(&loop_lock); // want "unlock-unheld"
	return 0;
}

/* An error path that relocks. */
static DEFINE_MUTEX(relock);
static int relocking(int err)
{
	mutex_lock(&relock);
	if (err) {
		state = -1;
		mutex_lock(&relock); // want "double-lock.*line 59"
	}
	mutex_unlock(&relock);
	return 0;
}

/* Unlock after a failed mutex_lock_interruptible. */
static DEFINE_MUTEX(intr);
static int interrupted(void)
{
	int ret = mutex_lock_interruptible(&intr);
	state = ret;
	mutex_unlock(&intr); // want "unlock-unheld"
	return ret;
}

/* A missing unlock on one goto error path. */
static DEFINE_MUTEX(gm);
static int missing(int a, int b)
{
	int ret = 0;
	mutex_lock(&gm);
	if (a) {
		ret = -1;
		goto out;
	}
	if (b) {
		ret = -2;
		goto out_nounlock;
	}
	state = a + b;
out:
	mutex_unlock(&gm);
out_nounlock:
	return ret; // want "lock-held-at-return: dev_ioctl returns with gm held \(.* acquired here at line 83\)"
}

static long dev_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	switch (cmd) {
	case 0: return deep();
	case 1: return via_pointer();
	case 2: return looping(arg);
	case 3: return relocking(arg);
	case 4: return interrupted();
	case 5: return missing(arg, arg & 2);
	}
	return 0;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.unlocked_ioctl = dev_ioctl,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "buggy", &dev_fops };

static int __init dev_init(void) { return misc_register(&dev_misc); }
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
