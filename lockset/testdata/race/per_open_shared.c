/* The per-open rule needs open to store an object of its own in
 * file->private_data on every path that returns 0: here open leaves
 * what misc_open stored there (the miscdevice, one for every file) when
 * ps_shared is set, so release's write races with another file's read. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/slab.h>

struct ps_priv {
	int mode;
};

static int ps_shared;

static int ps_open(struct inode *inode, struct file *file)
{
	struct ps_priv *p;

	if (ps_shared)
		return 0;
	p = kzalloc(sizeof(*p), GFP_KERNEL);
	if (!p)
		return -ENOMEM;
	file->private_data = p;
	return 0;
}

static ssize_t ps_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	struct ps_priv *p = file->private_data;

	return p->mode; // want "read p->mode by ps_read races with write p->mode by ps_release"
}

static int ps_release(struct inode *inode, struct file *file)
{
	struct ps_priv *p = file->private_data;

	p->mode = 0; // want "write p->mode by ps_release races with read p->mode by ps_read" "write p->mode by ps_release races with write p->mode by ps_release"
	return 0;
}

static const struct file_operations ps_fops = {
	.owner = THIS_MODULE,
	.open = ps_open,
	.read = ps_read,
	.release = ps_release,
};

static struct miscdevice ps_misc = { MISC_DYNAMIC_MINOR, "per_open_shared", &ps_fops };

static int __init ps_init(void) { return misc_register(&ps_misc); }
static void __exit ps_exit(void) { misc_deregister(&ps_misc); }
module_init(ps_init);
module_exit(ps_exit);
MODULE_LICENSE("GPL");
