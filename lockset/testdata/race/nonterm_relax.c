/* An unprotected access, then a busy wait that never ends. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>
#include <linux/delay.h>

static DEFINE_MUTEX(m);
static int flag;

static ssize_t dev_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	flag++; // want "(read|write) flag by dev_read races with (read|write) flag by dev_read" "(read|write) flag by dev_read races with write flag by dev_write"
	for (;;)
		cpu_relax();
	return 0;
}

static ssize_t dev_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	mutex_lock(&m);
	flag = n; // want "write flag by dev_write races with (read|write) flag by dev_read"
	mutex_unlock(&m);
	return n;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.read = dev_read,
	.write = dev_write,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "nonterm_relax", &dev_fops };

static int __init dev_init(void)
{
	return misc_register(&dev_misc);
}
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
