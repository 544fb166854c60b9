/* The per-open rule needs open to be the only writer of private_data,
 * storing a fresh allocation: here ioctl stores a global's address there
 * (one object for every file that ran it), so release's write races with
 * another file's read. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/slab.h>

struct pg_priv {
	int mode;
};

static struct pg_priv pg_global;

static int pg_open(struct inode *inode, struct file *file)
{
	struct pg_priv *p;

	p = kzalloc(sizeof(*p), GFP_KERNEL);
	if (!p)
		return -ENOMEM;
	file->private_data = p;
	return 0;
}

static ssize_t pg_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	struct pg_priv *p = file->private_data; // want "read file->private_data by pg_read races with write file->private_data by pg_ioctl"

	return p->mode; // want "read p->mode by pg_read races with write p->mode by pg_release"
}

static long pg_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	file->private_data = &pg_global; // want "write file->private_data by pg_ioctl races with (read|write) file->private_data by pg_(read|ioctl)"
	return 0;
}

static int pg_release(struct inode *inode, struct file *file)
{
	struct pg_priv *p = file->private_data;

	p->mode = 0; // want "write p->mode by pg_release races with read p->mode by pg_read" "write p->mode by pg_release races with write p->mode by pg_release"
	return 0;
}

static const struct file_operations pg_fops = {
	.owner = THIS_MODULE,
	.open = pg_open,
	.read = pg_read,
	.unlocked_ioctl = pg_ioctl,
	.release = pg_release,
};

static struct miscdevice pg_misc = { MISC_DYNAMIC_MINOR, "per_open_global", &pg_fops };

static int __init pg_init(void) { return misc_register(&pg_misc); }
static void __exit pg_exit(void) { misc_deregister(&pg_misc); }
module_init(pg_init);
module_exit(pg_exit);
MODULE_LICENSE("GPL");
