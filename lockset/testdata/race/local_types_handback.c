/* local_types.c's two buffers, where the kernel hands one back: read gets
 * a struct pkt * from file->private_data, which may be either buffer for
 * the type rule, so every struct pkt is the canonical one again (the
 * condition of fresh-local-types fails) and read's access races with the
 * write to the other member's buffer. */
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

static int lt_open(struct inode *inode, struct file *file)
{
	file->private_data = ltd->in;
	return 0;
}

static ssize_t lt_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	struct pkt *p = file->private_data;

	return p->byte[1]; // want "read p->byte\[1\] by lt_read races with write ltd->out->byte\[1\] by lt_write"
}

static ssize_t lt_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	ltd->out->byte[1] = 1; // want "write ltd->out->byte\[1\] by lt_write races with (read p->byte\[1\] by lt_read|write ltd->out->byte\[1\] by lt_write)"
	return n;
}

static const struct file_operations lt_fops = {
	.owner = THIS_MODULE,
	.open = lt_open,
	.read = lt_read,
	.write = lt_write,
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
	lt_map(ltd->out);
	return misc_register(&lt_misc);
}
module_init(lt_init);
MODULE_LICENSE("GPL");
