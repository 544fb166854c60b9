/* work's accesses are under m on every path. With summary inference given
 * up on work (TestGivenUpSummary: a budget too small for any check), a
 * selection in it records nothing the summary proves about m; the
 * must-held analysis still knows m is held there, and the race condition
 * says so. dev_read's access at "shared_val = 1" holds m whenever it runs.
 * No race. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>

static DEFINE_MUTEX(m);
static int shared_val;

static void work(int n)
{
	mutex_lock(&m);
	shared_val++;
	mutex_unlock(&m);
	if (n > 0)
		work(n - 1);
}

static ssize_t dev_read(struct file *f, char __user *buf, size_t len, loff_t *off)
{
	if (len > 5)
		mutex_lock(&m);
	if (len > 5)
		shared_val = 1;
	if (len > 5)
		mutex_unlock(&m);
	work(len);
	return 0;
}

static ssize_t dev_write(struct file *f, const char __user *buf, size_t len, loff_t *off)
{
	work(len);
	return len;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.read = dev_read,
	.write = dev_write,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "gaveup", &dev_fops };

static int __init dev_init(void) { return misc_register(&dev_misc); }
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
