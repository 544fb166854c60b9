// A single-open device (machzwd's zf_is_open): a file's open fails while
// another file holds the device. The race of the write with the release
// is seen only with the release's thread first: its file opens, the
// release clears the bit and writes the flag, then the write's file opens
// and writes it. The concrete runs find it with thread 1 starting late
// (lateStart) and confirm every race without a solver query.
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/bitops.h>

static unsigned long is_open;
static char expect;

static int ls_open(struct inode *inode, struct file *file)
{
	if (test_and_set_bit(0, &is_open))
		return -EBUSY;
	return nonseekable_open(inode, file);
}

static ssize_t ls_write(struct file *file, const char __user *buf, size_t len, loff_t *ppos)
{
	expect = 42; // want "race"
	return len;
}

static int ls_release(struct inode *inode, struct file *file)
{
	clear_bit(0, &is_open);
	expect = 0; // want "race"
	return 0;
}

static const struct file_operations ls_fops = {
	.owner = THIS_MODULE,
	.open = ls_open,
	.write = ls_write,
	.release = ls_release,
};

static struct miscdevice ls_dev = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "ls",
	.fops = &ls_fops,
};

static int __init ls_init(void)
{
	return misc_register(&ls_dev);
}
module_init(ls_init);
