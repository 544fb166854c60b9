/* A wait entry queued with add_wait_queue is handed by the waker to the
 * entry's func, here the driver's own wake function: it reaches the
 * sleeper's stack container through the entry, so their accesses race.
 * (The queuing calls were once taken to keep no pointer, which made the
 * container thread-local and hid these races.) */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/wait.h>
#include <linux/sched.h>

struct my_wait {
	wait_queue_t wq;
	int woken;
};

static DECLARE_WAIT_QUEUE_HEAD(q);

static int my_wake(wait_queue_t *wq, unsigned mode, int sync, void *key)
{
	struct my_wait *w = container_of(wq, struct my_wait, wq);

	w->woken = 1; // want "write (w->)?woken by my_wake races with (read|write) (w.|w->)?woken by (dev_read|my_wake)"
	return 1;
}

static ssize_t dev_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	struct my_wait w;

	init_waitqueue_func_entry(&w.wq, my_wake);
	w.woken = 0; /* not yet queued: private to this call */
	add_wait_queue(&q, &w.wq);
	while (!w.woken) // want "read (w.)?woken by dev_read races with write (w->)?woken by my_wake"
		schedule();
	remove_wait_queue(&q, &w.wq);
	return 0;
}

static int flag_wake(wait_queue_t *wq, unsigned mode, int sync, void *key)
{
	wq->flags = 1; // want "write (wq->)?flags by flag_wake races with (read|write) (wait.|wq->)?flags by (dev_ioctl|flag_wake)"
	return 1;
}

/* DEFINE_WAIT_FUNC's initialiser stores the driver's function too. */
static long dev_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	/* Imprecise: the published entries of two calls are one region, and
	 * the initialiser stores the list head's own address first. */
	DEFINE_WAIT_FUNC(wait, flag_wake); // want "write (wait.)?task_list.prev by dev_ioctl races with write (wait.)?task_list.prev by dev_ioctl"
	long r;

	prepare_to_wait(&q, &wait, TASK_INTERRUPTIBLE);
	schedule();
	r = wait.flags; // want "read (wait.)?flags by dev_ioctl races with write (wq->)?flags by flag_wake"
	finish_wait(&q, &wait);
	return r;
}

static ssize_t dev_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	wake_up(&q);
	return n;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.read = dev_read,
	.write = dev_write,
	.unlocked_ioctl = dev_ioctl,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "wq", &dev_fops };

static int __init dev_init(void)
{
	return misc_register(&dev_misc);
}

static void __exit dev_exit(void)
{
	misc_deregister(&dev_misc);
}

module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
