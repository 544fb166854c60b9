/* A name declared with GCC's alias attribute or an asm label is another
 * name of its target: a call of set_alias runs real_set, unlock_alias is
 * mutex_unlock, and count_alias is count. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>

static int val, count, other;
static DEFINE_MUTEX(m);

static void real_set(int x)
{
	val = x; // want "write val by dev_write races with (read|write) val by dev_(read|write)" "write val by dev_write races with write val by dev_write"
}
static void set_alias(int x) __attribute__((alias("real_set")));
extern void unlock_alias(struct mutex *lock) __asm__("mutex_unlock");
extern int count_alias __attribute__((alias("count")));

static ssize_t dev_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	int v;

	mutex_lock(&m);
	v = val + count + other; // want "read val by dev_read races with write val by dev_write" "read count by dev_read races with write count_alias by dev_write" "read other by dev_read races with write other by dev_write"
	mutex_unlock(&m);
	return v;
}

static ssize_t dev_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	set_alias(n);
	count_alias++; // want "(read|write) count_alias by dev_write races with (read|write) count(_alias)? by dev_(read|write)" "(read|write) count_alias by dev_write races with (read|write) count_alias by dev_write"
	mutex_lock(&m);
	unlock_alias(&m);
	other = 1; // want "write other by dev_write races with (read|write) other by dev_(read|write)" "write other by dev_write races with write other by dev_write"
	return n;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.read = dev_read,
	.write = dev_write,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "aliases", &dev_fops };

static int __init dev_init(void) { return misc_register(&dev_misc); }
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
