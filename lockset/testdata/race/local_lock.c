/* A lock that is a local of the function taking it (DEFINE_MUTEX without
 * static, or a member of a local struct) is every call's own: it protects
 * nothing against another call, of the same entry point or another. The
 * static one is one lock for all calls. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>

struct guarded {
	spinlock_t lock;
	int n;
};

static int count, total, safe;

static ssize_t dev_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	DEFINE_MUTEX(lock);		/* bug: static missing */
	static DEFINE_MUTEX(shared);
	struct guarded g;

	mutex_lock(&lock);
	count++; // want "write count by dev_write races with (read|write) count by dev_(write|read)" "read count by dev_write races with write count by dev_write"
	mutex_unlock(&lock);
	spin_lock_init(&g.lock);
	spin_lock(&g.lock);
	total += n; // want "write total by dev_write races with write total by dev_write"
	spin_unlock(&g.lock);
	mutex_lock(&shared);
	safe++;
	mutex_unlock(&shared);
	return n;
}

static ssize_t dev_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	return count; // want "read count by dev_read races with write count by dev_write"
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.write = dev_write,
	.read = dev_read,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "local_lock", &dev_fops };

static int __init dev_init(void) { return misc_register(&dev_misc); }
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
