/* Lock-order inversion: read takes a then b (b in a helper), write takes
 * b then a; both run concurrently. ioctl nests them consistently. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>

static DEFINE_MUTEX(a);
static DEFINE_MUTEX(b);
static DEFINE_SPINLOCK(x);
static DEFINE_SPINLOCK(y);
static int state;

static void take_b(void)
{
	mutex_lock(&b); // want "lock-order-inversion: mutex_lock: b acquired while holding a"
	state++;
	mutex_unlock(&b);
}

static ssize_t dev_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	mutex_lock(&a);
	take_b();
	mutex_unlock(&a);
	return 0;
}

static ssize_t dev_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	mutex_lock(&b);
	mutex_lock(&a);
	state--;
	mutex_unlock(&a);
	mutex_unlock(&b);
	return n;
}

/* irqsave pairs nested in the same order everywhere: no inversion. */
static long dev_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	unsigned long f1, f2;
	spin_lock_irqsave(&x, f1);
	spin_lock_irqsave(&y, f2);
	state = cmd;
	spin_unlock_irqrestore(&y, f2);
	spin_unlock_irqrestore(&x, f1);
	if (arg) {
		spin_lock_irqsave(&x, f1);
		spin_lock_irqsave(&y, f2);
		state = 0;
		spin_unlock_irqrestore(&y, f2);
		spin_unlock_irqrestore(&x, f1);
	}
	return 0;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.read = dev_read,
	.write = dev_write,
	.unlocked_ioctl = dev_ioctl,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "order", &dev_fops };

static int __init dev_init(void) { return misc_register(&dev_misc); }
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
