// The file's open returns what nonseekable_open returned, as it came
// (machzwd's zf_open): the concrete runs must learn that the open
// succeeds (0) before the write they race can run, and confirm the race
// without a solver query.
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>

static unsigned long last;

static int op_open(struct inode *inode, struct file *file)
{
	return nonseekable_open(inode, file);
}

static ssize_t op_write(struct file *file, const char __user *buf, size_t len, loff_t *ppos)
{
	last = len; // want "race"
	return len;
}

static const struct file_operations op_fops = {
	.owner = THIS_MODULE,
	.open = op_open,
	.write = op_write,
};

static struct miscdevice op_dev = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "op",
	.fops = &op_fops,
};

static int __init op_init(void)
{
	return misc_register(&op_dev);
}
module_init(op_init);
