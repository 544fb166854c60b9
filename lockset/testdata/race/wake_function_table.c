/* wake_function.c with the wake function taken from the driver's own ops
 * table: the store of the loaded pointer into the entry's func made no
 * entry point (only named functions and locals were followed), so my_wake
 * was never checked and its race with the sleeper went unreported. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/wait.h>
#include <linux/sched.h>

struct my_wait {
	wait_queue_t wq;
	int woken;
};

struct my_ops {
	wait_queue_func_t wake;
};

static DECLARE_WAIT_QUEUE_HEAD(q);

static int my_wake(wait_queue_t *wq, unsigned mode, int sync, void *key)
{
	struct my_wait *w = container_of(wq, struct my_wait, wq);

	w->woken = 1; // want "write (w->)?woken by my_wake races with (read|write) (w.|w->)?woken by (dev_read|my_wake)"
	return 1;
}

static const struct my_ops ops = { .wake = my_wake };

static ssize_t dev_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	struct my_wait w;

	init_waitqueue_func_entry(&w.wq, ops.wake);
	w.woken = 0; /* not yet queued: private to this call */
	add_wait_queue(&q, &w.wq);
	while (!w.woken) // want "read (w.)?woken by dev_read races with write (w->)?woken by my_wake"
		schedule();
	remove_wait_queue(&q, &w.wq);
	return 0;
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
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "wq", &dev_fops };

static int __init dev_init(void) { return misc_register(&dev_misc); }
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
