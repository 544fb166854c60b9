// wakefunc.c's sleeper with the wake function taken from the driver's own
// ops table, in 6.12's API: the store of the loaded pointer into the
// entry's func made no entry point, so the wake function was never checked
// (frontend/entry: a value stored into a kernel struct's function-pointer
// member is resolved through memory, as a registration call's callback).
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/wait.h>
#include <linux/sched.h>

struct wt_wait {
	struct wait_queue_entry wq;
	int woken;
};

struct wt_ops {
	wait_queue_func_t wake;
};

static DECLARE_WAIT_QUEUE_HEAD(wt_q);

static int wt_wake(struct wait_queue_entry *wq, unsigned int mode, int sync, void *key)
{
	struct wt_wait *w = container_of(wq, struct wt_wait, wq);

	w->woken = 1; // want "race"
	return 1;
}

static const struct wt_ops wt_ops = { .wake = wt_wake };

static ssize_t wt_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	struct wt_wait w;

	init_waitqueue_func_entry(&w.wq, wt_ops.wake);
	w.woken = 0; /* not yet queued: private to this call */
	add_wait_queue(&wt_q, &w.wq);
	while (!w.woken) // want "race"
		schedule();
	remove_wait_queue(&wt_q, &w.wq);
	return 0;
}

static ssize_t wt_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	wake_up(&wt_q);
	return n;
}

static const struct file_operations wt_fops = {
	.owner = THIS_MODULE,
	.read = wt_read,
	.write = wt_write,
};
static struct miscdevice wt_misc = { .minor = MISC_DYNAMIC_MINOR, .name = "wt", .fops = &wt_fops };
module_misc_device(wt_misc);
MODULE_LICENSE("GPL");
