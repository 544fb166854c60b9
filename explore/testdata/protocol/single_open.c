// A device one file at a time may have open: open fails with -EBUSY while
// is_open is set, and release clears it last. Two releases (of two files:
// __fput releases each file once) need two successful opens, so the second
// file is opened only after the first release cleared is_open: the two
// releases' counts never overlap (is_open's clearing does: a release
// preempted after it, before it returns). A read runs on an open file too, so a
// read and a release of another file never overlap either; two reads of
// one file do, after its one open. The explorer runs each file operation
// after its file's open; before, a release ran on a file no open had
// succeeded on, and the races on releases were confirmed.
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/spinlock.h>

static DEFINE_SPINLOCK(so_lock);
int is_open; /* not static: lockset's single-open flag rule, which would order the releases, leaves it to the explorer */
static int releases;
static int reads;

static int so_open(struct inode *inode, struct file *file)
{
	spin_lock(&so_lock);
	if (is_open) {
		spin_unlock(&so_lock);
		return -EBUSY;
	}
	is_open = 1; // want "^confirmed global is_open so_open.so_release"
	spin_unlock(&so_lock);
	return 0;
}

static ssize_t so_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	reads++; // want "^confirmed global reads so_read.so_read"
	return releases; // want "^not-confirmed global releases so_read.so_release"
}

static int so_release(struct inode *inode, struct file *file)
{
	releases++; // want "^not-confirmed global releases so_release.so_release" "^not-confirmed global releases so_read.so_release"
	is_open = 0; // want "^confirmed global is_open so_release.so_release" "^confirmed global is_open so_open.so_release"
	return 0;
}

static const struct file_operations so_fops = {
	.owner = THIS_MODULE,
	.open = so_open,
	.read = so_read,
	.release = so_release,
};

static struct miscdevice so_misc = { MISC_DYNAMIC_MINOR, "so", &so_fops };

static int __init so_init(void)
{
	return misc_register(&so_misc);
}

static void __exit so_exit(void)
{
	misc_deregister(&so_misc);
}
module_init(so_init);
module_exit(so_exit);
MODULE_LICENSE("GPL");
