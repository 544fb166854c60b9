/* Single-open with plain read-modify-writes of the bit's word (lp.c):
 * open takes SO_BUSY with test_and_set_bit under so_mutex, its error path
 * and release give it back with `so_flags &= ~SO_BUSY`, the ioctl sets and
 * clears another bit, and module init stores 0 (in a helper) before
 * register_chrdev and sets SO_EXIST after it. Release's code before its
 * clear (the clear's load and store included) races with no other
 * operation of the file and no other release; open past its
 * test_and_set_bit neither. Open's check before test_and_set_bit, two
 * writes, and init's `|=` after the registration still race. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/mutex.h>
#include <linux/bitops.h>

#define SO_EXIST 0x1
#define SO_ABORT 0x2
#define SO_BUSY_BIT 2
#define SO_BUSY (1 << SO_BUSY_BIT)

static unsigned long so_flags;
static int so_mode;
static char *so_buf;
static DEFINE_MUTEX(so_mutex);

static int so_open(struct inode *inode, struct file *file)
{
	int ret = 0;

	mutex_lock(&so_mutex);
	if ((so_flags & SO_EXIST) == 0) { // want "read so_flags by so_open races with write so_flags by so_release"
		ret = -ENXIO;
		goto out;
	}
	if (test_and_set_bit(SO_BUSY_BIT, &so_flags)) {
		ret = -EBUSY;
		goto out;
	}
	so_buf = kmalloc(16, GFP_KERNEL);
	if (!so_buf) {
		so_flags &= ~SO_BUSY; // want "read so_flags by so_open races with write so_flags by so_init"
		ret = -ENOMEM;
		goto out;
	}
	so_mode = 1;
out:
	mutex_unlock(&so_mutex);
	return ret;
}

static int so_release(struct inode *inode, struct file *file)
{
	so_mode = 0;
	kfree(so_buf);
	so_buf = NULL;
	so_flags &= ~SO_BUSY; // want "read so_flags by so_release races with write so_flags by so_init" "write so_flags by so_release races with read so_flags by so_open"
	return 0;
}

static long so_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	long status;

	mutex_lock(&so_mutex);
	if (arg) so_flags |= SO_ABORT; else so_flags &= ~SO_ABORT; // want "write so_flags by so_ioctl races with read so_flags by so_init"
	status = so_flags;
	mutex_unlock(&so_mutex);
	return status;
}

static ssize_t so_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	so_mode = 2; // want "write so_mode by so_write races with write so_mode by so_write"
	so_buf[0] = 1; // want "write so_buf\[0\] by so_write races with write so_buf\[0\] by so_write"
	return n;
}

static const struct file_operations so_fops = {
	.owner = THIS_MODULE,
	.open = so_open,
	.release = so_release,
	.unlocked_ioctl = so_ioctl,
	.write = so_write,
};

static void so_reset(void)
{
	so_flags = 0; /* only from init, before register_chrdev (lp.c's lp_init) */
}

static int __init so_init(void)
{
	so_reset();
	if (register_chrdev(240, "so", &so_fops))
		return -EIO;
	so_flags |= SO_EXIST; // want "(read|write) so_flags by so_init races with (read|write) so_flags by so_(open|release|ioctl)"
	return 0;
}

static void __exit so_exit(void)
{
	unregister_chrdev(240, "so");
}

module_init(so_init);
module_exit(so_exit);
MODULE_LICENSE("GPL");
