/* Integers are mathematical by default (documented assumption ideal-ints):
 * a path that only C's wrap-around reaches is infeasible, and the
 * unprotected writes below never happen. frontend.Config.ExactInts drops
 * the assumption; then both race with the protected ones. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>

static DEFINE_MUTEX(lock);
static int total;

static ssize_t dev_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	unsigned char ticks = 255;

	ticks++; /* wraps to 0 */
	if (ticks == 0) {
		total = 0;
		return 0;
	}
	mutex_lock(&lock);
	total = ticks;
	mutex_unlock(&lock);
	return 0;
}

static ssize_t dev_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	int err = -1;

	/* The classic bug: err converts to size_t, a huge number. */
	if (err < sizeof(total)) {
		mutex_lock(&lock);
		total += n;
		mutex_unlock(&lock);
		return n;
	}
	total = err;
	return err;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.read = dev_read,
	.write = dev_write,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "wrap", &dev_fops };

static int __init dev_init(void) { return misc_register(&dev_misc); }
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
