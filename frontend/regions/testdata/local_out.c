/* A helper with an out-parameter called with a caller's stack local and
 * with a member of a shared object (apds990x_read_byte(chip, reg, &status)
 * in the interrupt handler, (chip, reg, &chip->revision) in detect;
 * pcipcwd_get_status(&status) and (&pcipcwd_private.boot_status)) is
 * copied for the calls that pass their own locals (members.go): the
 * copy's parameter points to locals only, so they stay thread-local
 * instead of being one object with the shared member. So is one called
 * with the caller's own kmalloc (i2c-tiny-usb's usb_read into usb_func's
 * pfunc, and into the caller's pmsg->buf). */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>
#include <linux/types.h>
#include <linux/slab.h>

struct chip {
	struct mutex lock;
	u8 rev;
	int other;
	u8 buf[4];
};

static struct chip c;

static int read_byte(struct chip *ch, u8 *data)
{
	*data = ch->other; // want region "global c.other" region "global c.rev" region "local status in c_read"
	return 0;
}

static ssize_t c_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	u8 status;

	read_byte(&c, &status);
	return status; // want thread-local
}

static long c_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	mutex_lock(&c.lock);
	read_byte(&c, &c.rev);
	mutex_unlock(&c.lock);
	return c.rev; // want region "global c.rev"
}

static void fill(u8 *data)
{
	data[1] = 1; // want region "global c.buf[]" region "fresh kmalloc in c_write"
}

static ssize_t c_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	u8 *p = kmalloc(4, GFP_KERNEL);
	int ret;

	if (!p)
		return -ENOMEM;
	fill(p);
	ret = p[1]; // want thread-local
	kfree(p);
	return ret;
}

/* The kernel's bytes (external char) are one folded node; the copy still
 * keeps the caller's kmalloc apart from them. */
static void fill2(u8 *data)
{
	data[1] = 2; // want region "external char" region "fresh kmalloc in c_flush"
}

static int c_flush(struct file *file, fl_owner_t id)
{
	u8 *p = kmalloc(4, GFP_KERNEL);
	int ret;

	if (!p)
		return -ENOMEM;
	fill2(p);
	ret = p[1]; // want thread-local
	kfree(p);
	return ret;
}

static int c_release(struct inode *inode, struct file *file)
{
	fill2(file->private_data);
	return 0;
}

static int c_open(struct inode *inode, struct file *file)
{
	mutex_lock(&c.lock);
	fill(c.buf);
	mutex_unlock(&c.lock);
	return 0;
}

/* A copied helper whose callee was copied first (outer's call of inner
 * with its own tmp goes to inner's copy): outer's copy copies that copy,
 * which must be in the program too (rtc's __rtc_read_time, under
 * rtc_read_alarm_internal and __rtc_set_alarm). */
static void inner(struct chip *ch, u8 *d)
{
	*d = ch->rev;
}

static void outer(struct chip *ch, u8 *d)
{
	u8 tmp;

	inner(ch, &tmp);
	inner(ch, d);
}

static long c_compat(struct file *file, unsigned int cmd, unsigned long arg)
{
	u8 mine;

	outer(&c, &mine);
	mutex_lock(&c.lock);
	outer(&c, &c.rev);
	mutex_unlock(&c.lock);
	return mine; // want thread-local
}

static const struct file_operations c_fops = {
	.owner = THIS_MODULE,
	.read = c_read,
	.unlocked_ioctl = c_ioctl,
	.write = c_write,
	.open = c_open,
	.flush = c_flush,
	.compat_ioctl = c_compat,
	.release = c_release,
};

static struct miscdevice c_misc = { MISC_DYNAMIC_MINOR, "local_out", &c_fops };

static int __init c_init(void) { mutex_init(&c.lock); return misc_register(&c_misc); }
static void __exit c_exit(void) { misc_deregister(&c_misc); }
module_init(c_init);
module_exit(c_exit);
MODULE_LICENSE("GPL");
