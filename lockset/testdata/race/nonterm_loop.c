/* A loop that never exits after an unprotected access: the reader never
 * returns, yet its accesses race with the locked writer. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>
#include <linux/delay.h>

static DEFINE_MUTEX(m);
static int ticks;

static ssize_t dev_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	while (1) {
		ticks++; // want "(read|write) ticks by dev_read races with (read|write) ticks by dev_read" "(read|write) ticks by dev_read races with write ticks by dev_write"
		msleep(10);
	}
	return 0;
}

static ssize_t dev_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	mutex_lock(&m);
	ticks = n; // want "write ticks by dev_write races with (read|write) ticks by dev_read"
	mutex_unlock(&m);
	return n;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.read = dev_read,
	.write = dev_write,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "nonterm_loop", &dev_fops };

static int __init dev_init(void)
{
	return misc_register(&dev_misc);
}
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
