/* __builtin_object_size of an object the compiler cannot see is
 * (size_t)-1 for types 0 and 1 and 0 for types 2 and 3, as gcc answers at
 * any optimisation level: the branches fortify-string.h takes on
 * "p_size == SIZE_MAX" run, and their accesses race. As the int -1 the
 * first comparison was false and its access dead. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>

static int max_seen, min_seen;
static DEFINE_MUTEX(lock);

static ssize_t dev_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	int v;

	mutex_lock(&lock);
	v = max_seen + min_seen; // want "read max_seen by dev_read races with write max_seen by dev_write" "read min_seen by dev_read races with write min_seen by dev_write"
	mutex_unlock(&lock);
	return v;
}

static ssize_t dev_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	if (__builtin_object_size(buf, 0) == (size_t)-1)
		max_seen = n; // want "write max_seen by dev_write races with (read|write) max_seen by dev_(read|write)" "write max_seen by dev_write races with write max_seen by dev_write"
	if (__builtin_object_size(buf, 2) == 0)
		min_seen = n; // want "write min_seen by dev_write races with (read|write) min_seen by dev_(read|write)" "write min_seen by dev_write races with write min_seen by dev_write"
	return n;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.read = dev_read,
	.write = dev_write,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "object_size", &dev_fops };

static int __init dev_init(void) { return misc_register(&dev_misc); }
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
