// A wait entry with the driver's own wake function, in 6.12's API
// (struct wait_queue_entry). The waker calls the function with the entry,
// which reaches the sleeper's stack container: their accesses race. The
// helper table's NoEscape rows for queuing an entry used to keep the
// container thread-local (frontend/regions: a stack object holding a
// driver function escapes).
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/wait.h>
#include <linux/sched.h>

struct wf_wait {
	struct wait_queue_entry wq;
	int woken;
};

static DECLARE_WAIT_QUEUE_HEAD(wf_q);

static int wf_wake(struct wait_queue_entry *wq, unsigned int mode, int sync, void *key)
{
	struct wf_wait *w = container_of(wq, struct wf_wait, wq);

	w->woken = 1; // want "race"
	return 1;
}

static ssize_t wf_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	struct wf_wait w;

	init_waitqueue_func_entry(&w.wq, wf_wake);
	w.woken = 0; /* not yet queued: private to this call */
	add_wait_queue(&wf_q, &w.wq);
	while (!w.woken) // want "race"
		schedule();
	remove_wait_queue(&wf_q, &w.wq);
	return 0;
}

static int wf_flag_wake(struct wait_queue_entry *wq, unsigned int mode, int sync, void *key)
{
	wq->flags = 1; // want "race"
	return 1;
}

static long wf_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	/* Imprecise: the published entries of two calls are one region, and
	 * the initialiser stores the list head's own address first. */
	DEFINE_WAIT_FUNC(wait, wf_flag_wake); // want "race"
	long r;

	prepare_to_wait(&wf_q, &wait, TASK_INTERRUPTIBLE);
	schedule();
	r = wait.flags; // want "race"
	finish_wait(&wf_q, &wait);
	return r;
}

static ssize_t wf_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	wake_up(&wf_q);
	return n;
}

static const struct file_operations wf_fops = {
	.owner = THIS_MODULE,
	.read = wf_read,
	.write = wf_write,
	.unlocked_ioctl = wf_ioctl,
};
static struct miscdevice wf_misc = { .minor = MISC_DYNAMIC_MINOR, .name = "wf", .fops = &wf_fops };
module_misc_device(wf_misc);
MODULE_LICENSE("GPL");
