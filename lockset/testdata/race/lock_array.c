/* An array of locks is one lock (documented assumption): bucket i's data
 * under locks[i] is protected whatever i is. lockset.Options.
 * LockArraysDistinct drops the assumption, and then these accesses race. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/spinlock.h>

struct table {
	spinlock_t locks[4];
	int buckets[4];
};

static struct table tbl;

static ssize_t dev_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	int v;

	spin_lock(&tbl.locks[n & 3]);
	v = tbl.buckets[n & 3];
	spin_unlock(&tbl.locks[n & 3]);
	return v;
}

static ssize_t dev_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	spin_lock(&tbl.locks[n & 3]);
	tbl.buckets[n & 3] = n;
	spin_unlock(&tbl.locks[n & 3]);
	return n;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.read = dev_read,
	.write = dev_write,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "lockarray", &dev_fops };

static int __init dev_init(void) { return misc_register(&dev_misc); }
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
