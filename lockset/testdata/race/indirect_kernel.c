/* An indirect call may reach a kernel function: an unlock through a
 * pointer releases (every mutex, as whoop cannot tell which one the
 * pointer's call names), so what follows is unprotected; a registration
 * through a pointer publishes. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>

static int val, early;
static DEFINE_MUTEX(m);

static ssize_t dev_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	int v;

	mutex_lock(&m);
	v = val + early; // want "read val by dev_read races with write val by dev_write" "read early by dev_read races with write early by dev_init"
	mutex_unlock(&m);
	return v;
}

static ssize_t dev_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	void (*release)(struct mutex *) = mutex_unlock;

	mutex_lock(&m);
	release(&m);
	val = n; // want "write val by dev_write races with (read|write) val by dev_(read|write)" "write val by dev_write races with write val by dev_write"
	return n;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.read = dev_read,
	.write = dev_write,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "indirect_kernel", &dev_fops };

static int __init dev_init(void)
{
	int (*reg)(struct miscdevice *) = misc_register;
	int err = reg(&dev_misc);

	early = 1; /* dev_read may run already */ // want "write early by dev_init races with read early by dev_read"
	return err;
}

static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
