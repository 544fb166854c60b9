/* Locks whose state at a site is the same on every path are not recorded
 * per selection: the pair's check reads them off the selected site. The
 * slots are race-free only if that reading is right: the unlocked read of
 * slot[1] forces the symbolic check, and the slot[0] accesses are each
 * protected by m. Readers of rw share it, so the reader that writes races
 * with itself, and with the unlocked read, but not with the writer. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>

static DEFINE_MUTEX(m);
static DEFINE_RWLOCK(rw);
static int slot[2];
static int shared;

static ssize_t dev_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	mutex_lock(&m);
	slot[0]++;
	mutex_unlock(&m);
	read_lock(&rw);
	shared++; // want "(read|write) shared by dev_read races with (read|write) shared by dev_(read|write)"
	read_unlock(&rw);
	return 0;
}

static ssize_t dev_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	int v = slot[1];

	mutex_lock(&m);
	slot[0] = n;
	mutex_unlock(&m);
	v += shared; // want "read shared by dev_write races with write shared by dev_(read|write)"
	write_lock(&rw);
	shared = v; // want "write shared by dev_write races with read shared by dev_write"
	write_unlock(&rw);
	return n;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.read = dev_read,
	.write = dev_write,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "fixed", &dev_fops };

static int __init dev_init(void) { return misc_register(&dev_misc); }
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
