// Exclusion by an atomic counter: atomic_inc_return(&users) == 1 lets one
// ioctl into the section at a time, atomic_cmpxchg(&owner, 0, 1) == 0 one
// write. The explorer used to give these calls arbitrary results (the
// trace showed users going 4 to 5 while the call "returned" 1).
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/atomic.h>

static atomic_t users = ATOMIC_INIT(0);
static atomic_t owner = ATOMIC_INIT(0);
static int state;
static int buf;

static long c_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	if (atomic_inc_return(&users) != 1) {
		atomic_dec(&users);
		return -EBUSY;
	}
	state = cmd; // want "not confirmed"
	atomic_dec(&users);
	return 0;
}

static ssize_t c_write(struct file *file, const char __user *ubuf, size_t n, loff_t *ppos)
{
	if (atomic_cmpxchg(&owner, 0, 1) != 0)
		return -EBUSY;
	buf = n; // want "not confirmed"
	atomic_set(&owner, 0);
	return n;
}

static const struct file_operations c_fops = {
	.owner = THIS_MODULE,
	.unlocked_ioctl = c_ioctl,
	.write = c_write,
};

static struct miscdevice c_dev = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "c",
	.fops = &c_fops,
};

static int __init c_init(void)
{
	return misc_register(&c_dev);
}

static void __exit c_exit(void)
{
	misc_deregister(&c_dev);
}
module_init(c_init);
module_exit(c_exit);
MODULE_LICENSE("GPL");
