/* Semaphores that are not locks, and the bounded explorer. never starts at
 * 0 (static storage no initialiser or sema_init sets) and nothing ups it:
 * dev_read never gets past its down, so its read of parked races with
 * nothing, but the lockset check, which knows no order, reports it. ready
 * starts at 0 and signals: an earlier dev_write's up can let dev_read
 * through while a second dev_write writes data, a race of three calls that
 * a pair does not show. The explorer does not model semaphore counts: it
 * lets no thread past such a down (as a free mutex, the down let dev_read
 * through at once and "confirmed" the race on parked), so only the race
 * between two dev_writes is confirmed. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/semaphore.h>

static struct semaphore ready, never;
static int data, parked;

static ssize_t dev_read(struct file *f, char __user *buf, size_t len, loff_t *off)
{
	if (len > 8) {
		down(&never);
		return parked; // want "parked by dev_read races with write parked by dev_write"
	}
	down(&ready);
	return data; // want "data by dev_read races with write data by dev_write"
}

static ssize_t dev_write(struct file *f, const char __user *buf, size_t len, loff_t *off)
{
	parked = len; // want "parked by dev_write races with (read|write) parked by dev_(read|write)"
	data = len; // want "data by dev_write races with (read|write) data by dev_(read|write)"
	up(&ready);
	return len;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.read = dev_read,
	.write = dev_write,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "signal", &dev_fops };

static int __init dev_init(void)
{
	sema_init(&ready, 0);
	return misc_register(&dev_misc);
}
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
