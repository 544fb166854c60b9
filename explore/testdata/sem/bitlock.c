// machzwd's zf_open: test_and_set_bit(0, &busy) lets one opener through
// until the bit is cleared. Two opens cannot both pass it, so their writes
// of mode never race; the explorer must run the bit operation as the
// kernel does (it used to return an arbitrary value on a set bit).
// Between two ioctls nothing excludes, and their race on count is real.
// b_dev has external linkage, so misc-open does not serialise the opens:
// only the bit does.
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/bitops.h>

static unsigned long busy;
static int mode;
static int count;

static int b_open(struct inode *inode, struct file *file)
{
	if (test_and_set_bit(0, &busy))
		return -EBUSY;
	mode = 1; // want "not confirmed"
	return 0;
}

static long b_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	count = cmd; // want "confirmed"
	return 0;
}

static const struct file_operations b_fops = {
	.owner = THIS_MODULE,
	.open = b_open,
	.unlocked_ioctl = b_ioctl,
};

struct miscdevice b_dev = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "b",
	.fops = &b_fops,
};

static int __init b_init(void)
{
	return misc_register(&b_dev);
}

static void __exit b_exit(void)
{
	misc_deregister(&b_dev);
}
module_init(b_init);
module_exit(b_exit);
MODULE_LICENSE("GPL");
