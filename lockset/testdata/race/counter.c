/* A global counter: incremented under a lock in one place, read without
 * one in another. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>

static DEFINE_MUTEX(count_lock);
static unsigned long events;

static int dev_open(struct inode *inode, struct file *file)
{
	mutex_lock(&count_lock);
	events++; // want "write events by dev_open races with read events by dev_read"
	mutex_unlock(&count_lock);
	return 0;
}

static ssize_t dev_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	return events; // want "read events by dev_read races with write events by dev_open"
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.open = dev_open,
	.read = dev_read,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "counter", &dev_fops };

static int __init dev_init(void) { return misc_register(&dev_misc); }
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
