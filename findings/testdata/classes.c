/* One variable per class of finding. An annotation (want, then the class
 * in quotes) on a line says that a finding of that class is anchored there. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>
#include <linux/slab.h>

static DEFINE_MUTEX(lock);
static long last_len;      /* write-write: two entry points store what they got */
static char *buffer;       /* free vs use */
static int divisor;        /* check then use: x == 0 ? 0 : k / x */
static unsigned int mask;  /* lost update: |= in two places */
static long cache;         /* stale read: written under the lock, read without */
static unsigned long events; /* counter */
static int ready;          /* flag */
static int limit;          /* init vs use: set after misc_register */

static int dev_open(struct inode *inode, struct file *file)
{
	mutex_lock(&lock);
	events++; // want "counter"
	cache = inode->i_size;
	mutex_unlock(&lock);
	ready = 1;
	return 0;
}

static int dev_release(struct inode *inode, struct file *file)
{
	kfree(buffer);
	ready = 0; // want "flag"
	return 0;
}

static ssize_t dev_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	long r = cache + events + ready; // want "stale-read"

	if (n > limit) // want "init-vs-use"
		return -EINVAL;

	last_len = n;
	if (buffer)
		r += buffer[0]; // want "free-vs-use"
	return r;
}

static ssize_t dev_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	last_len = -n; // want "write-write"
	mask |= n;
	divisor = n;
	return n;
}

static long dev_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	mask |= arg; // want "lost-update"
	return divisor == 0 ? 0 : 480000 / divisor; // want "check-then-use"
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.open = dev_open,
	.release = dev_release,
	.read = dev_read,
	.write = dev_write,
	.unlocked_ioctl = dev_ioctl,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "classes", &dev_fops };

static int __init dev_init(void)
{
	int err = misc_register(&dev_misc);

	limit = 4096; /* too late: dev_read can already run */
	return err;
}
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
