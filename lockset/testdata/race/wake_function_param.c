/* wake_function.c with the wake function handed to a helper that is not
 * inlined: the store of its func parameter registers my_wake, and the
 * container escapes there too. The entry's initialisation races between two
 * reads: setup uses the local's address first, and both calls' locals are
 * one region (imprecise). */
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

static noinline void setup(struct my_wait *w, wait_queue_func_t fn)
{
	init_waitqueue_func_entry(&w->wq, fn); // want "write q->flags .in init_waitqueue_func_entry. by dev_read races with write q->flags .in init_waitqueue_func_entry. by dev_read" "write q->func .in init_waitqueue_func_entry. by dev_read races with write q->func .in init_waitqueue_func_entry. by dev_read" "write q->private .in init_waitqueue_func_entry. by dev_read races with write q->private .in init_waitqueue_func_entry. by dev_read"
}

static ssize_t dev_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	struct my_wait w;

	setup(&w, my_wake);
	w.woken = 0; // want "write (w.)?woken by dev_read races with (read|write) (w.|w->)?woken by (dev_read|my_wake)"
	add_wait_queue(&q, &w.wq);
	while (!w.woken) // want "read (w.)?woken by dev_read races with write (w.|w->)?woken by (dev_read|my_wake)"
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
