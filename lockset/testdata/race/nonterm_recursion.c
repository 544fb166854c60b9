/* An access in a summarised (recursive) callee that never returns: its
 * contract (about the lock it takes) is vacuous. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>
#include <linux/delay.h>

static DEFINE_MUTEX(m);
static int depth;

static void descend(int d)
{
	depth = d; // want "(read|write) depth by dev_read races with (read|write) depth by dev_read" "(read|write) depth by dev_read races with write depth by dev_write"
	mutex_lock(&m);
	mutex_unlock(&m);
	descend(d + 1);
}

static ssize_t dev_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	descend(n);
	return 0;
}

static ssize_t dev_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	mutex_lock(&m);
	depth = n; // want "write depth by dev_write races with (read|write) depth by dev_read"
	mutex_unlock(&m);
	return n;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.read = dev_read,
	.write = dev_write,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "nonterm_recursion", &dev_fops };

static int __init dev_init(void)
{
	return misc_register(&dev_misc);
}
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
