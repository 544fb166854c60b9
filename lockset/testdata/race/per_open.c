/* A file's ->release runs from __fput once the last reference to the file
 * is gone, so no other operation runs on that file (rule file-release), and
 * open allocated the object it stores in file->private_data afresh for this
 * file (ppdev.c's pp_open): release's accesses to it through its own
 * file->private_data race with no other file operation's accesses through
 * theirs (another file, another object). Two operations of one open file
 * still race, and so does release with accesses that reach the object by
 * another way (po_last, a pointer shared between files, and the timer). */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/slab.h>
#include <linux/timer.h>
#include <linux/jiffies.h>

struct po_priv {
	int mode;
	int count;
	int shared;
};

static struct po_priv *po_last;
static struct timer_list po_timer;

static void po_tick(struct timer_list *t)
{
	if (po_last)
		po_last->shared++; // want "(read|write) po_last->shared by po_tick races with write .* by po_release" "read po_last by po_tick races with write po_last by po_ioctl"
}

static int po_open(struct inode *inode, struct file *file)
{
	struct po_priv *p = kzalloc(sizeof(*p), GFP_KERNEL);

	if (!p)
		return -ENOMEM;
	p->mode = 1;
	file->private_data = p;
	return 0;
}

static int po_mode(struct file *file)
{
	struct po_priv *p = file->private_data;

	return p->mode; // want "read p->mode by po_read races with write p->mode by po_ioctl"
}

static ssize_t po_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	struct po_priv *p = file->private_data;

	p->count++; // want "(read|write) p->count by po_read races with write p->count by po_read" "write p->count by po_read races with (read|write) p->count by po_read"
	return po_mode(file);
}

static long po_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct po_priv *p = file->private_data;

	p->mode = arg; // want "write p->mode by po_ioctl races with read p->mode by po_read" "write p->mode by po_ioctl races with write p->mode by po_ioctl"
	po_last = p; // want "write po_last by po_ioctl races with (read|write) po_last by po_(ioctl|tick)"
	mod_timer(&po_timer, jiffies + HZ);
	return 0;
}

static int po_release(struct inode *inode, struct file *file)
{
	struct po_priv *p = file->private_data;

	p->mode = 0;
	kfree(p); // want "write kfree\(p\) by po_release races with (read|write) po_last->shared by po_tick"
	return 0;
}

static const struct file_operations po_fops = {
	.owner = THIS_MODULE,
	.open = po_open,
	.read = po_read,
	.unlocked_ioctl = po_ioctl,
	.release = po_release,
};

static struct miscdevice po_misc = { MISC_DYNAMIC_MINOR, "per_open", &po_fops };

static int __init po_init(void)
{
	timer_setup(&po_timer, po_tick, 0);
	return misc_register(&po_misc);
}

static void __exit po_exit(void)
{
	misc_deregister(&po_misc);
	del_timer_sync(&po_timer);
}
module_init(po_init);
module_exit(po_exit);
MODULE_LICENSE("GPL");
