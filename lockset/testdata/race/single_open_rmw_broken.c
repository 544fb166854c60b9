/* Plain read-modify-writes of a single-open bit's word where the rule
 * must not apply (single_open_rmw.c has the shape it takes): every race
 * stays, as with --no-assume single-open.
 *   a: the ioctl clears the bit with a plain `&= ~`;
 *   b: module init stores 0 to the word after register_chrdev;
 *   c: release gives the bit back with a plain store of 0, no RMW;
 *   d: open clears the bit on its -EBUSY path, where it does not hold it;
 *   e: release sets another bit with `|=` after giving the bit back. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/bitops.h>

#define X_BUSY_BIT 1
#define X_BUSY (1 << X_BUSY_BIT)
#define X_OTHER 0x1

static unsigned long a_flags;
static int a_mode;

static int a_open(struct inode *inode, struct file *file)
{
	if (test_and_set_bit(X_BUSY_BIT, &a_flags)) // want "write test_and_set_bit\(\&a_flags\) by a_open races with read a_flags by a_ioctl" "write test_and_set_bit\(\&a_flags\) by a_open races with read a_flags by a_release"
		return -EBUSY;
	return 0;
}

static int a_release(struct inode *inode, struct file *file)
{
	a_mode = 0; // want "write a_mode by a_release races with write a_mode by a_release" "write a_mode by a_release races with write a_mode by a_write"
	a_flags &= ~X_BUSY; // want "read a_flags by a_release races with write test_and_set_bit\(\&a_flags\) by a_open" "write a_flags by a_release races with write a_flags by a_ioctl" "write a_flags by a_release races with write a_flags by a_release"
	return 0;
}

static long a_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	a_flags &= ~X_BUSY; // want "read a_flags by a_ioctl races with write test_and_set_bit\(\&a_flags\) by a_open" "write a_flags by a_ioctl races with write a_flags by a_ioctl" "write a_flags by a_ioctl races with write a_flags by a_release"
	return 0;
}

static ssize_t a_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	a_mode = 2; // want "write a_mode by a_write races with write a_mode by a_release" "write a_mode by a_write races with write a_mode by a_write"
	return n;
}

static const struct file_operations a_fops = {
	.owner = THIS_MODULE,
	.open = a_open,
	.release = a_release,
	.unlocked_ioctl = a_ioctl,
	.write = a_write,
};

static unsigned long b_flags;
static int b_mode;

static int b_open(struct inode *inode, struct file *file)
{
	if (test_and_set_bit(X_BUSY_BIT, &b_flags)) // want "read test_and_set_bit\(\&b_flags\) by b_open races with write b_flags by x_init" "write test_and_set_bit\(\&b_flags\) by b_open races with read b_flags by b_ioctl" "write test_and_set_bit\(\&b_flags\) by b_open races with read b_flags by b_release"
		return -EBUSY;
	return 0;
}

static int b_release(struct inode *inode, struct file *file)
{
	b_mode = 0; // want "write b_mode by b_release races with write b_mode by b_release" "write b_mode by b_release races with write b_mode by b_write"
	b_flags &= ~X_BUSY; // want "read b_flags by b_release races with write b_flags by x_init" "read b_flags by b_release races with write test_and_set_bit\(\&b_flags\) by b_open" "write b_flags by b_release races with write b_flags by b_ioctl" "write b_flags by b_release races with write b_flags by b_release"
	return 0;
}

static long b_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	b_flags |= X_OTHER; // want "read b_flags by b_ioctl races with write b_flags by x_init" "read b_flags by b_ioctl races with write test_and_set_bit\(\&b_flags\) by b_open" "write b_flags by b_ioctl races with write b_flags by b_ioctl" "write b_flags by b_ioctl races with write b_flags by b_release"
	return 0;
}

static ssize_t b_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	b_mode = 2; // want "write b_mode by b_write races with write b_mode by b_release" "write b_mode by b_write races with write b_mode by b_write"
	return n;
}

static const struct file_operations b_fops = {
	.owner = THIS_MODULE,
	.open = b_open,
	.release = b_release,
	.unlocked_ioctl = b_ioctl,
	.write = b_write,
};

static unsigned long c_flags;
static int c_mode;

static int c_open(struct inode *inode, struct file *file)
{
	if (test_and_set_bit(X_BUSY_BIT, &c_flags)) // want "read test_and_set_bit\(\&c_flags\) by c_open races with write c_flags by c_release" "write test_and_set_bit\(\&c_flags\) by c_open races with read c_flags by c_ioctl"
		return -EBUSY;
	return 0;
}

static int c_release(struct inode *inode, struct file *file)
{
	c_mode = 0; // want "write c_mode by c_release races with write c_mode by c_release" "write c_mode by c_release races with write c_mode by c_write"
	c_flags = 0; // want "write c_flags by c_release races with read test_and_set_bit\(\&c_flags\) by c_open" "write c_flags by c_release races with write c_flags by c_ioctl" "write c_flags by c_release races with write c_flags by c_release"
	return 0;
}

static long c_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	c_flags |= X_OTHER; // want "read c_flags by c_ioctl races with write test_and_set_bit\(\&c_flags\) by c_open" "write c_flags by c_ioctl races with write c_flags by c_ioctl" "write c_flags by c_ioctl races with write c_flags by c_release"
	return 0;
}

static ssize_t c_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	c_mode = 2; // want "write c_mode by c_write races with write c_mode by c_release" "write c_mode by c_write races with write c_mode by c_write"
	return n;
}

static const struct file_operations c_fops = {
	.owner = THIS_MODULE,
	.open = c_open,
	.release = c_release,
	.unlocked_ioctl = c_ioctl,
	.write = c_write,
};

static unsigned long d_flags;
static int d_mode;

static int d_open(struct inode *inode, struct file *file)
{
	if (test_and_set_bit(X_BUSY_BIT, &d_flags)) { // want "write test_and_set_bit\(\&d_flags\) by d_open races with read d_flags by d_open" "write test_and_set_bit\(\&d_flags\) by d_open races with read d_flags by d_release" "write test_and_set_bit\(\&d_flags\) by d_open races with write d_flags by d_ioctl"
		d_flags &= ~X_BUSY; // want "read d_flags by d_open races with write test_and_set_bit\(\&d_flags\) by d_open"
		return -EBUSY;
	}
	return 0;
}

static int d_release(struct inode *inode, struct file *file)
{
	d_mode = 0; // want "write d_mode by d_release races with write d_mode by d_release" "write d_mode by d_release races with write d_mode by d_write"
	d_flags &= ~X_BUSY; // want "read d_flags by d_release races with write test_and_set_bit\(\&d_flags\) by d_open" "write d_flags by d_release races with write d_flags by d_ioctl" "write d_flags by d_release races with write d_flags by d_release"
	return 0;
}

static long d_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	d_flags |= X_OTHER; // want "write d_flags by d_ioctl races with write d_flags by d_ioctl" "write d_flags by d_ioctl races with write d_flags by d_release" "write d_flags by d_ioctl races with write test_and_set_bit\(\&d_flags\) by d_open"
	return 0;
}

static ssize_t d_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	d_mode = 2; // want "write d_mode by d_write races with write d_mode by d_release" "write d_mode by d_write races with write d_mode by d_write"
	return n;
}

static const struct file_operations d_fops = {
	.owner = THIS_MODULE,
	.open = d_open,
	.release = d_release,
	.unlocked_ioctl = d_ioctl,
	.write = d_write,
};

static unsigned long e_flags;
static int e_mode;

static int e_open(struct inode *inode, struct file *file)
{
	if (test_and_set_bit(X_BUSY_BIT, &e_flags)) // want "write test_and_set_bit\(\&e_flags\) by e_open races with read e_flags by e_ioctl" "write test_and_set_bit\(\&e_flags\) by e_open races with write e_flags by e_release"
		return -EBUSY;
	return 0;
}

static int e_release(struct inode *inode, struct file *file)
{
	e_mode = 0; // want "write e_mode by e_release races with write e_mode by e_release" "write e_mode by e_release races with write e_mode by e_write"
	e_flags &= ~X_BUSY; // want "write e_flags by e_release races with write e_flags by e_ioctl" "write e_flags by e_release races with write e_flags by e_release" "write e_flags by e_release races with write test_and_set_bit\(\&e_flags\) by e_open"
	e_flags |= X_OTHER;
	return 0;
}

static long e_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	e_flags |= X_OTHER; // want "read e_flags by e_ioctl races with write test_and_set_bit\(\&e_flags\) by e_open" "write e_flags by e_ioctl races with write e_flags by e_ioctl" "write e_flags by e_ioctl races with write e_flags by e_release"
	return 0;
}

static ssize_t e_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	e_mode = 2; // want "write e_mode by e_write races with write e_mode by e_release" "write e_mode by e_write races with write e_mode by e_write"
	return n;
}

static const struct file_operations e_fops = {
	.owner = THIS_MODULE,
	.open = e_open,
	.release = e_release,
	.unlocked_ioctl = e_ioctl,
	.write = e_write,
};

static int __init x_init(void)
{
	if (register_chrdev(240, "a", &a_fops))
		return -EIO;
	if (register_chrdev(241, "b", &b_fops))
		return -EIO;
	b_flags = 0; // want "write b_flags by x_init races with read b_flags by b_ioctl" "write b_flags by x_init races with read b_flags by b_release" "write b_flags by x_init races with read test_and_set_bit\(\&b_flags\) by b_open"
	if (register_chrdev(242, "c", &c_fops))
		return -EIO;
	if (register_chrdev(243, "d", &d_fops))
		return -EIO;
	if (register_chrdev(244, "e", &e_fops))
		return -EIO;
	return 0;
}

static void __exit x_exit(void)
{
	unregister_chrdev(240, "a");
	unregister_chrdev(241, "b");
	unregister_chrdev(242, "c");
	unregister_chrdev(243, "d");
	unregister_chrdev(244, "e");
}

module_init(x_init);
module_exit(x_exit);
MODULE_LICENSE("GPL");
