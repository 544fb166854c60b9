/* The per-open rule keeps release apart only from operations that free
 * no object through their own private_data: here ioctl frees its file's
 * object (a bug: release uses it after), and the next open may be handed
 * that memory while release still writes it, so release's write races
 * with ioctl's free. read, which frees nothing, is still kept apart from
 * release (it races with the free in ioctl on its own file). */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/slab.h>

struct pf_priv {
	int mode;
};

static int pf_open(struct inode *inode, struct file *file)
{
	struct pf_priv *p;

	p = kzalloc(sizeof(*p), GFP_KERNEL);
	if (!p)
		return -ENOMEM;
	file->private_data = p;
	return 0;
}

static ssize_t pf_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	struct pf_priv *p = file->private_data;

	return p->mode; // want "read p->mode by pf_read races with write kfree\(file->private_data\) by pf_ioctl"
}

static long pf_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	kfree(file->private_data); // want "write kfree\(file->private_data\) by pf_ioctl races with (read|write) .* by pf_(release|read|ioctl)"
	return 0;
}

static int pf_release(struct inode *inode, struct file *file)
{
	struct pf_priv *p = file->private_data;

	p->mode = 0; // want "write p->mode by pf_release races with write kfree\(file->private_data\) by pf_ioctl"
	return 0;
}

static const struct file_operations pf_fops = {
	.owner = THIS_MODULE,
	.open = pf_open,
	.read = pf_read,
	.unlocked_ioctl = pf_ioctl,
	.release = pf_release,
};

static struct miscdevice pf_misc = { MISC_DYNAMIC_MINOR, "per_open_free", &pf_fops };

static int __init pf_init(void) { return misc_register(&pf_misc); }
static void __exit pf_exit(void) { misc_deregister(&pf_misc); }
module_init(pf_init);
module_exit(pf_exit);
MODULE_LICENSE("GPL");
