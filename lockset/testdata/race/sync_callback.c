/* A kernel function of the synchronous-callback table calls the driver's
 * callback on the caller's thread before it returns (mc146818_avoid_UIP,
 * Linux 6.12: callback(seconds, param) in its own loop). The callback is
 * then no entry point of its own: it runs under the caller's lock, and the
 * request it fills in stays the caller's. Its accesses to shared data race
 * as the caller's would. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>

extern bool mc146818_avoid_UIP(void (*callback)(unsigned char seconds, void *param), int timeout, void *param);

struct read_param {
	int sec;
	int count;
};

static DEFINE_MUTEX(m);
static int reads;
static int last_sec;

static void read_callback(unsigned char seconds, void *param)
{
	struct read_param *p = param;

	p->sec = seconds;
	p->count++;
	last_sec = seconds; // want "write last_sec by dev_read races with (write|read) last_sec by dev_(read|write)"
	reads++;
}

static ssize_t dev_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	struct read_param p = { .count = 0 };

	mutex_lock(&m);
	if (!mc146818_avoid_UIP(read_callback, 10, &p)) {
		mutex_unlock(&m);
		return -EIO;
	}
	mutex_unlock(&m);
	return p.sec;
}

static ssize_t dev_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	mutex_lock(&m);
	reads = 0;
	mutex_unlock(&m);
	return last_sec; // want "read last_sec by dev_write races with write last_sec by dev_read"
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.read = dev_read,
	.write = dev_write,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "synccb", &dev_fops };

static int __init dev_init(void) { return misc_register(&dev_misc); }
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
