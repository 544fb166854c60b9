// A file operation runs on a file whose open returned 0 (do_dentry_open,
// fs/open.c): the harness runs the file's open first, quietly, and the
// strict check of every trace takes that activation for the file's open,
// which must return 0 (the strict check rejected every trace with an
// opener before: "an activation of o_open that nothing calls"). o_open
// lets one file be open at a time, so the ioctls race only on the one file
// both threads share, and two releases race only past the first one's
// clear_bit, after which the second file's open succeeds.
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/bitops.h>

static unsigned long busy;
static int mode;
static unsigned int last_cmd;

static int o_open(struct inode *inode, struct file *file)
{
	if (test_and_set_bit(0, &busy))
		return -EBUSY;
	return 0;
}

static int o_release(struct inode *inode, struct file *file)
{
	clear_bit(0, &busy);
	mode = 0; // want "confirmed"
	return 0;
}

static long o_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	last_cmd = cmd; // want "confirmed"
	return 0;
}

static const struct file_operations o_fops = {
	.owner = THIS_MODULE,
	.open = o_open,
	.release = o_release,
	.unlocked_ioctl = o_ioctl,
};

static struct miscdevice o_dev = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "o",
	.fops = &o_fops,
};

static int __init o_init(void)
{
	return misc_register(&o_dev);
}

static void __exit o_exit(void)
{
	misc_deregister(&o_dev);
}
module_init(o_init);
module_exit(o_exit);
MODULE_LICENSE("GPL");
