/* An access before a call of a noreturn function of the driver. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>
#include <linux/delay.h>

static DEFINE_MUTEX(m);
static int phase;

static void __noreturn die(const char *why)
{
	panic("%s", why);
}

static ssize_t dev_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	if (n == 2) {
		phase = 2; // want "(read|write) phase by dev_read races with (read|write) phase by dev_read" "(read|write) phase by dev_read races with write phase by dev_write"
		die("two");
	}
	return 0;
}

static ssize_t dev_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	mutex_lock(&m);
	phase = n; // want "write phase by dev_write races with (read|write) phase by dev_read"
	mutex_unlock(&m);
	return n;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.read = dev_read,
	.write = dev_write,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "nonterm_noreturn", &dev_fops };

static int __init dev_init(void)
{
	return misc_register(&dev_misc);
}
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
