/* A lock taken or released inside a helper still protects. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/spinlock.h>

struct mydev {
	spinlock_t lock;
	int count;
	int flags;
};

static struct mydev the_dev;

static void dev_lock(struct mydev *d) { spin_lock(&d->lock); }
static void dev_unlock(struct mydev *d) { spin_unlock(&d->lock); }

/* Called with d->lock held; drops it. */
static void finish_and_unlock(struct mydev *d)
{
	d->count++;
	spin_unlock(&d->lock);
	d->flags = 0; // want "write d->flags by dev_write races with write d->flags by dev_write"
}

static ssize_t dev_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	struct mydev *d = &the_dev;
	int v;

	dev_lock(d);
	v = d->count;
	dev_unlock(d);
	return v;
}

static ssize_t dev_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	struct mydev *d = &the_dev;

	dev_lock(d);
	d->count = n;
	finish_and_unlock(d);
	return n;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.read = dev_read,
	.write = dev_write,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "helper", &dev_fops };

static int __init dev_init(void)
{
	spin_lock_init(&the_dev.lock);
	return misc_register(&dev_misc);
}
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
