/* Two buffers of one struct type the driver declares (cm109's irq_data
 * and ctl_data, struct cm109_ctl_packet): each allocated once, kept in
 * its own member, handed to the kernel (an URB's transfer_buffer; here an
 * unknown kernel function). The kernel never hands the driver a struct
 * pkt *, so the two stay two objects (assumption fresh-local-types): a
 * read of one no longer races with a write of the other. Two accesses to
 * one buffer still race. */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/miscdevice.h>

struct pkt {
	u8 byte[8];
};

struct lt_dev {
	struct pkt *in;
	struct pkt *out;
};

extern int lt_map(void *buf);

static struct lt_dev *ltd;

static ssize_t lt_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	return ltd->in->byte[0];
}

static ssize_t lt_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	ltd->out->byte[1] = 1; // want "write ltd->out->byte\[1\] by lt_write races with (read|write) ltd->out->byte\[1\] by lt_(write|ioctl)"
	return n;
}

static long lt_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	return ltd->out->byte[1]; // want "read ltd->out->byte\[1\] by lt_ioctl races with write ltd->out->byte\[1\] by lt_write"
}

static const struct file_operations lt_fops = {
	.owner = THIS_MODULE,
	.read = lt_read,
	.write = lt_write,
	.unlocked_ioctl = lt_ioctl,
};

static struct miscdevice lt_misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "lt",
	.fops = &lt_fops,
};

static int __init lt_init(void)
{
	ltd = kzalloc(sizeof(*ltd), GFP_KERNEL);
	if (!ltd)
		return -ENOMEM;
	ltd->in = kzalloc(sizeof(*ltd->in), GFP_KERNEL);
	ltd->out = kzalloc(sizeof(*ltd->out), GFP_KERNEL);
	if (!ltd->in || !ltd->out)
		return -ENOMEM;
	lt_map(ltd->in);
	lt_map(ltd->out);
	return misc_register(&lt_misc);
}
module_init(lt_init);
MODULE_LICENSE("GPL");
