/* wake_function.c with the wait entry's container in a fresh allocation:
 * the NoEscape queuing rows kept it thread-local too, until an object into
 * which the driver stores one of its functions escaped. The initialising
 * writes, made before add_wait_queue hands the entry over, race with
 * nothing (unpublished-allocations): the two calls' allocations are one
 * region, but each call's is private until it is queued. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/wait.h>
#include <linux/sched.h>
#include <linux/slab.h>

struct my_wait {
	wait_queue_t wq;
	int woken;
};

static DECLARE_WAIT_QUEUE_HEAD(q);

static int my_wake(wait_queue_t *wq, unsigned mode, int sync, void *key)
{
	struct my_wait *w = container_of(wq, struct my_wait, wq);

	w->woken = 1; // want "write (w->)?woken by my_wake races with (read|write) (wp->|w->)?woken by (dev_read|my_wake)"
	return 1;
}

static ssize_t dev_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	struct my_wait *wp = kzalloc(sizeof(*wp), GFP_KERNEL);

	init_waitqueue_func_entry(&wp->wq, my_wake);
	wp->woken = 0;
	add_wait_queue(&q, &wp->wq);
	while (!wp->woken) // want "read (wp->)?woken by dev_read races with write (w->|wp->)?woken by (my_wake|dev_read)"
		schedule();
	remove_wait_queue(&q, &wp->wq);
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
