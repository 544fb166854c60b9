/* Plain read-modify-writes of a single-open bit's word where the rule
 * must not apply (single_open_rmw.c has the shape it takes): every race
 * stays, as with --no-assume single-open (release's store of x_mode
 * against the write's and another release's). Each fops is the shape the
 * rule takes but for one defect:
 *   a: the ioctl clears the bit with a plain `&= ~`;
 *   b: module init stores 0 to the word after register_chrdev;
 *   c: release gives the bit back with a plain store of 0, no RMW;
 *   d: open clears the bit on its -EBUSY path, where it does not hold it;
 *   e: release sets another bit with `|=` after giving the bit back;
 *   f: open sets another bit with `|=` in a helper, before it holds the bit
 *      (single-open-rmw covers such writes outside the file's operations
 *      only: the rule does not follow open's helpers). */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/bitops.h>
#include <linux/mutex.h>

#define X_BUSY_BIT 1
#define X_BUSY (1 << X_BUSY_BIT)
#define X_OTHER 0x1

static DEFINE_MUTEX(x_lock); /* every access of the words: only the modes race */

static unsigned long a_flags;
static int a_mode;

static int a_open(struct inode *inode, struct file *file)
{
	int busy;

	mutex_lock(&x_lock);
	busy = test_and_set_bit(X_BUSY_BIT, &a_flags);
	mutex_unlock(&x_lock);
	return busy ? -EBUSY : 0;
}

static int a_release(struct inode *inode, struct file *file)
{
	a_mode = 0; // want "write a_mode by a_release races with write a_mode by a_(release|write)"
	mutex_lock(&x_lock);
	a_flags &= ~X_BUSY;
	mutex_unlock(&x_lock);
	return 0;
}

static long a_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	mutex_lock(&x_lock);
	a_flags &= ~X_BUSY;
	mutex_unlock(&x_lock);
	return 0;
}

static ssize_t a_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	a_mode = 2; // want "write a_mode by a_write races with write a_mode by a_(release|write)"
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
	int busy;

	mutex_lock(&x_lock);
	busy = test_and_set_bit(X_BUSY_BIT, &b_flags);
	mutex_unlock(&x_lock);
	return busy ? -EBUSY : 0;
}

static int b_release(struct inode *inode, struct file *file)
{
	b_mode = 0; // want "write b_mode by b_release races with write b_mode by b_(release|write)"
	mutex_lock(&x_lock);
	b_flags &= ~X_BUSY;
	mutex_unlock(&x_lock);
	return 0;
}

static long b_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	mutex_lock(&x_lock);
	b_flags |= X_OTHER;
	mutex_unlock(&x_lock);
	return 0;
}

static ssize_t b_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	b_mode = 2; // want "write b_mode by b_write races with write b_mode by b_(release|write)"
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
	int busy;

	mutex_lock(&x_lock);
	busy = test_and_set_bit(X_BUSY_BIT, &c_flags);
	mutex_unlock(&x_lock);
	return busy ? -EBUSY : 0;
}

static int c_release(struct inode *inode, struct file *file)
{
	c_mode = 0; // want "write c_mode by c_release races with write c_mode by c_(release|write)"
	mutex_lock(&x_lock);
	c_flags = 0;
	mutex_unlock(&x_lock);
	return 0;
}

static long c_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	mutex_lock(&x_lock);
	c_flags |= X_OTHER;
	mutex_unlock(&x_lock);
	return 0;
}

static ssize_t c_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	c_mode = 2; // want "write c_mode by c_write races with write c_mode by c_(release|write)"
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
	mutex_lock(&x_lock);
	if (test_and_set_bit(X_BUSY_BIT, &d_flags)) {
		d_flags &= ~X_BUSY;
		mutex_unlock(&x_lock);
		return -EBUSY;
	}
	mutex_unlock(&x_lock);
	return 0;
}

static int d_release(struct inode *inode, struct file *file)
{
	d_mode = 0; // want "write d_mode by d_release races with write d_mode by d_(release|write)"
	mutex_lock(&x_lock);
	d_flags &= ~X_BUSY;
	mutex_unlock(&x_lock);
	return 0;
}

static long d_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	mutex_lock(&x_lock);
	d_flags |= X_OTHER;
	mutex_unlock(&x_lock);
	return 0;
}

static ssize_t d_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	d_mode = 2; // want "write d_mode by d_write races with write d_mode by d_(release|write)"
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
	int busy;

	mutex_lock(&x_lock);
	busy = test_and_set_bit(X_BUSY_BIT, &e_flags);
	mutex_unlock(&x_lock);
	return busy ? -EBUSY : 0;
}

static int e_release(struct inode *inode, struct file *file)
{
	e_mode = 0; // want "write e_mode by e_release races with write e_mode by e_(release|write)"
	mutex_lock(&x_lock);
	e_flags &= ~X_BUSY;
	mutex_unlock(&x_lock);
	mutex_lock(&x_lock);
	e_flags |= X_OTHER;
	mutex_unlock(&x_lock);
	return 0;
}

static long e_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	mutex_lock(&x_lock);
	e_flags |= X_OTHER;
	mutex_unlock(&x_lock);
	return 0;
}

static ssize_t e_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	e_mode = 2; // want "write e_mode by e_write races with write e_mode by e_(release|write)"
	return n;
}

static const struct file_operations e_fops = {
	.owner = THIS_MODULE,
	.open = e_open,
	.release = e_release,
	.unlocked_ioctl = e_ioctl,
	.write = e_write,
};

static unsigned long f_flags;
static int f_mode;

static void f_mark(void)
{
	mutex_lock(&x_lock);
	f_flags |= X_OTHER;
	mutex_unlock(&x_lock);
}

static int f_open(struct inode *inode, struct file *file)
{
	int busy;

	f_mark();
	mutex_lock(&x_lock);
	busy = test_and_set_bit(X_BUSY_BIT, &f_flags);
	mutex_unlock(&x_lock);
	return busy ? -EBUSY : 0;
}

static int f_release(struct inode *inode, struct file *file)
{
	f_mode = 0; // want "write f_mode by f_release races with write f_mode by f_(release|write)"
	mutex_lock(&x_lock);
	f_flags &= ~X_BUSY;
	mutex_unlock(&x_lock);
	return 0;
}

static ssize_t f_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	f_mode = 2; // want "write f_mode by f_write races with write f_mode by f_(release|write)"
	return n;
}

static const struct file_operations f_fops = {
	.owner = THIS_MODULE,
	.open = f_open,
	.release = f_release,
	.write = f_write,
};

static int __init x_init(void)
{
	if (register_chrdev(240, "a", &a_fops))
		return -EIO;
	if (register_chrdev(241, "b", &b_fops))
		return -EIO;
	mutex_lock(&x_lock);
	b_flags = 0;
	mutex_unlock(&x_lock);
	if (register_chrdev(242, "c", &c_fops))
		return -EIO;
	if (register_chrdev(243, "d", &d_fops))
		return -EIO;
	if (register_chrdev(244, "e", &e_fops))
		return -EIO;
	if (register_chrdev(245, "f", &f_fops))
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
	unregister_chrdev(245, "f");
}

module_init(x_init);
module_exit(x_exit);
MODULE_LICENSE("GPL");
