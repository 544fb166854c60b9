/* Readers of a reader-writer lock share it: two readers do not exclude
 * each other, so a reader that writes races with another reader. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/spinlock.h>
#include <linux/rwsem.h>

static DEFINE_RWLOCK(table_lock);
static DECLARE_RWSEM(cfg_sem);
static int table[8];
static int hits;
static int cfg;

static ssize_t dev_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	int v;

	read_lock(&table_lock);
	v = table[n & 7];
	hits++; // want "(read|write) hits by dev_read races with (read|write) hits by dev_read"
	read_unlock(&table_lock);
	down_read(&cfg_sem);
	v += cfg;
	up_read(&cfg_sem);
	return v;
}

static ssize_t dev_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	write_lock(&table_lock);
	table[n & 7] = n;
	hits = 0;
	write_unlock(&table_lock);
	down_write(&cfg_sem);
	cfg = n;
	up_write(&cfg_sem);
	return n;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.read = dev_read,
	.write = dev_write,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "rwlock", &dev_fops };

static int __init dev_init(void) { return misc_register(&dev_misc); }
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
