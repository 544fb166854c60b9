/* Modelled on serial_core.c: a port whose settings and counters are
 * written under the port mutex by the set-up paths and read without it by
 * many show and status paths (stale reads, each one finding), and one real
 * bug among them: the baud divisor is checked and then divided by without
 * the mutex, while TIOCSSERIAL-like ioctls change it under the mutex (a
 * divide by zero when it becomes 0 in between). */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>

struct port {
	struct mutex lock;
	unsigned int baud_base;
	unsigned int custom_divisor;
	unsigned int line;
	unsigned int irq;
	unsigned int uartclk;
	unsigned int fifosize;
	unsigned int flags;
	unsigned int type;
	unsigned int iotype;
	unsigned int closing_wait;
	unsigned int close_delay;
	unsigned int mctrl;
	unsigned int read_status_mask;
	unsigned int ignore_status_mask;
	unsigned int timeout;
};

static struct port the_port;

static long dev_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct port *p = &the_port;

	mutex_lock(&p->lock);
	p->baud_base = arg;
	p->custom_divisor = arg >> 8;
	p->line = arg;
	p->irq = arg + 1;
	p->uartclk = arg * 16;
	p->fifosize = arg & 0xff;
	p->flags = arg >> 4;
	p->type = cmd;
	p->iotype = cmd + 1;
	p->closing_wait = arg + 2;
	p->close_delay = arg + 3;
	p->mctrl = cmd & 3;
	p->read_status_mask = arg ^ 1;
	p->ignore_status_mask = arg ^ 2;
	p->timeout = arg / 7;
	mutex_unlock(&p->lock);
	return 0;
}

/* The status paths: every read is a stale read of a setting. */
static ssize_t dev_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	struct port *p = &the_port;

	return p->line + p->irq + p->uartclk + p->fifosize + p->flags + p->type + p->iotype +
		p->closing_wait + p->close_delay + p->mctrl + p->read_status_mask +
		p->ignore_status_mask + p->timeout;
}

/* The bug: the divisor checked, then divided by, without the mutex. */
static ssize_t dev_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	struct port *p = &the_port;
	unsigned int quot = 0;

	if (p->custom_divisor) // want "check-then-use"
		quot = p->baud_base / p->custom_divisor;
	return quot;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.read = dev_read,
	.write = dev_write,
	.unlocked_ioctl = dev_ioctl,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "serial_like", &dev_fops };

static int __init dev_init(void)
{
	mutex_init(&the_port.lock);
	return misc_register(&dev_misc);
}
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
