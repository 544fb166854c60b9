/* A semaphore initialised to 1 and then raised by an up() that follows no
 * down (init's up: the count is 2) lets two holders in: it is no lock,
 * and two reads race. Another one, released by a helper that only its
 * taker calls, stays a lock. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/semaphore.h>

static int val, safe;
static struct semaphore sem, other;

static void release_other(void)
{
	up(&other);
}

static ssize_t dev_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	down(&sem);
	val++; // want "(read|write) val by dev_read races with (read|write) val by dev_read"
	up(&sem);
	if (down_interruptible(&other))
		return -ERESTARTSYS;
	safe++;
	release_other();
	return 0;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.read = dev_read,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "semaphore_raised", &dev_fops };

static int __init dev_init(void)
{
	sema_init(&sem, 1);
	sema_init(&other, 1);
	up(&sem);		/* count 2: two readers at once */
	return misc_register(&dev_misc);
}

static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
