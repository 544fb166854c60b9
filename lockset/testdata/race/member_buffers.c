/* One helper fills byte buffers that are members of the driver's struct:
 * its u8 *buf parameter holds (u8 *)d->a or (u8 *)d->b. Only those
 * members are walked through it, so the struct's mutex (and its other
 * members) stay apart: the two writers under the mutex do not race, and
 * the readers without it race on what they read: the buffers (either of
 * them) and valid. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>
#include <linux/poll.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/types.h>

struct regs {
	u8 lo;
	u8 hi;
};

struct mydev {
	struct mutex lock;
	int mode;
	u8 a[6];
	struct regs b[3];
	int valid;
};

static struct mydev *d;
static u8 scratch[8];

static void fill(u8 *buf, int len)
{
	memcpy(buf, scratch, len); // want "write .*buf.* by dev_write races with read .* by dev_read" "write .*buf.* by dev_write races with read .* by dev_llseek"
}

static ssize_t dev_read(struct file *file, char __user *ubuf, size_t n, loff_t *ppos)
{
	return d->a[1] + d->b[2].hi; // want "read .* by dev_read races with write .*buf.* by dev_write"
}

/* Only the second buffer, and a member outside both. */
static loff_t dev_llseek(struct file *file, loff_t off, int whence)
{
	return d->b[2].hi; // want "read .* by dev_llseek races with write .*buf.* by dev_write"
}

static long dev_status(void)
{
	return d->valid; // want "read d->valid by dev_poll races with write d->valid by dev_write"
}

static unsigned int dev_poll(struct file *file, poll_table *wait)
{
	return dev_status();
}

static ssize_t dev_write(struct file *file, const char __user *ubuf, size_t n, loff_t *ppos)
{
	mutex_lock(&d->lock);
	fill((u8 *)d->a, sizeof(d->a));
	fill((u8 *)d->b, sizeof(d->b));
	d->mode = n;
	d->valid = 1; // want "write d->valid by dev_write races with read d->valid by dev_poll"
	mutex_unlock(&d->lock);
	return n;
}

static long dev_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	long v;

	mutex_lock(&d->lock);
	d->mode = arg;
	v = d->valid;
	mutex_unlock(&d->lock);
	return v;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.read = dev_read,
	.llseek = dev_llseek,
	.poll = dev_poll,
	.write = dev_write,
	.unlocked_ioctl = dev_ioctl,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "member_buffers", &dev_fops };

static int __init dev_init(void)
{
	d = kzalloc(sizeof(*d), GFP_KERNEL);
	if (!d)
		return -ENOMEM;
	mutex_init(&d->lock);
	return misc_register(&dev_misc);
}

static void __exit dev_exit(void)
{
	misc_deregister(&dev_misc);
	kfree(d);
}

module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
