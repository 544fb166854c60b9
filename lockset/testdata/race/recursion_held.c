/* A helper that polls a condition through a function pointer closes a call
 * cycle (as r8169's rtl_loop_wait and its rtl_cond checks do): the cycle
 * takes no lock, so a lock its caller holds stays held in every activation
 * and after it. Accesses under the mutex are race-free; the unlocked
 * reader races. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>

struct cond {
	int (*check)(int depth);
};

static DEFINE_MUTEX(m);
static int reg, status;

static int poll_cond(const struct cond *c, int depth);

static int reg_ready(int depth)
{
	static const struct cond again = { .check = reg_ready };

	reg++;
	if (depth > 0)
		return poll_cond(&again, depth - 1);
	return reg;
}

static int poll_cond(const struct cond *c, int depth)
{
	return c->check(depth);
}

static const struct cond ready = { .check = reg_ready };

static long dev_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	int v;

	mutex_lock(&m);
	v = poll_cond(&ready, arg);
	status = v; // want "write status by dev_ioctl races with read status by dev_read"
	mutex_unlock(&m);
	return v;
}

static ssize_t dev_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	mutex_lock(&m);
	reg = n;
	status = 0; // want "write status by dev_write races with read status by dev_read"
	mutex_unlock(&m);
	return n;
}

static ssize_t dev_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	return status; // want "read status by dev_read races with write status by dev_(ioctl|write)"
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.read = dev_read,
	.write = dev_write,
	.unlocked_ioctl = dev_ioctl,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "recheld", &dev_fops };

static int __init dev_init(void) { return misc_register(&dev_misc); }
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
