/* Plain flags that do not make a device single-open, or that whoop
 * cannot show do: release's code before its store of 0 still races with
 * the file's write. No lock around the check and the store (a_: two opens
 * may both see 0); the mutex dropped between them (b_); an ioctl that
 * clears the flag (c_); an open that returns 0 without setting it (d_); a
 * release that decrements it (e_). */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/mutex.h>

static DEFINE_MUTEX(b_lock);
static int a_busy, b_busy, c_busy, d_busy, e_busy;
static int a_x, b_x, c_x, d_x, e_x;
static int nowait;

static int a_open(struct inode *inode, struct file *file)
{
	if (a_busy) // want "read a_busy by a_open races with write a_busy by (a_open|a_release)"
		return -EBUSY;
	a_busy = 1; // want "write a_busy by a_open races with (read|write) a_busy by (a_open|a_release)"
	return 0;
}
static ssize_t a_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	a_x = 1; // want "write a_x by a_write races with write a_x by (a_write|a_release)"
	return n;
}
static int a_release(struct inode *inode, struct file *file)
{
	a_x = 0; // want "write a_x by a_release races with write a_x by (a_write|a_release)"
	a_busy = 0; // want "write a_busy by a_release races with (read|write) a_busy by (a_open|a_release)"
	return 0;
}
static const struct file_operations a_fops = { .open = a_open, .write = a_write, .release = a_release };

static int b_open(struct inode *inode, struct file *file)
{
	mutex_lock(&b_lock);
	if (b_busy) { // want "read b_busy by b_open races with write b_busy by (b_open|b_release)"
		mutex_unlock(&b_lock);
		return -EBUSY;
	}
	mutex_unlock(&b_lock);
	b_busy = 1; // want "write b_busy by b_open races with (read|write) b_busy by (b_open|b_release)"
	return 0;
}
static ssize_t b_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	b_x = 1; // want "write b_x by b_write races with write b_x by (b_write|b_release)"
	return n;
}
static int b_release(struct inode *inode, struct file *file)
{
	b_x = 0; // want "write b_x by b_release races with write b_x by (b_write|b_release)"
	b_busy = 0; // want "write b_busy by b_release races with (read|write) b_busy by (b_open|b_release)"
	return 0;
}
static const struct file_operations b_fops = { .open = b_open, .write = b_write, .release = b_release };

static int c_open(struct inode *inode, struct file *file)
{
	mutex_lock(&b_lock);
	if (c_busy) {
		mutex_unlock(&b_lock);
		return -EBUSY;
	}
	c_busy = 1; // want "write c_busy by c_open races with write c_busy by (c_ioctl|c_release)"
	mutex_unlock(&b_lock);
	return 0;
}
static long c_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	c_busy = 0; // want "write c_busy by c_ioctl races with (read|write) c_busy by (c_open|c_ioctl|c_release)"
	c_x = 1; // want "write c_x by c_ioctl races with write c_x by (c_ioctl|c_release)"
	return 0;
}
static int c_release(struct inode *inode, struct file *file)
{
	c_x = 0; // want "write c_x by c_release races with write c_x by (c_ioctl|c_release)"
	c_busy = 0; // want "write c_busy by c_release races with (read|write) c_busy by (c_open|c_ioctl|c_release)"
	return 0;
}
static const struct file_operations c_fops = { .open = c_open, .unlocked_ioctl = c_ioctl, .release = c_release };

static int d_open(struct inode *inode, struct file *file)
{
	mutex_lock(&b_lock);
	if (d_busy) { // want "read d_busy by d_open races with write d_busy by d_release"
		mutex_unlock(&b_lock);
		return -EBUSY;
	}
	if (nowait) {
		mutex_unlock(&b_lock);
		return 0;
	}
	d_busy = 1;
	mutex_unlock(&b_lock);
	return 0;
}
static ssize_t d_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	d_x = 1; // want "write d_x by d_write races with write d_x by (d_write|d_release)"
	return n;
}
static int d_release(struct inode *inode, struct file *file)
{
	d_x = 0; // want "write d_x by d_release races with write d_x by (d_write|d_release)"
	d_busy = 0; // want "write d_busy by d_release races with (read|write) d_busy by (d_open|d_release)"
	return 0;
}
static const struct file_operations d_fops = { .open = d_open, .write = d_write, .release = d_release };

static int e_open(struct inode *inode, struct file *file)
{
	mutex_lock(&b_lock);
	if (e_busy) { // want "read e_busy by e_open races with (read|write) e_busy by e_release"
		mutex_unlock(&b_lock);
		return -EBUSY;
	}
	e_busy = 1;
	mutex_unlock(&b_lock);
	return 0;
}
static ssize_t e_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	e_x = 1; // want "write e_x by e_write races with write e_x by (e_write|e_release)"
	return n;
}
static int e_release(struct inode *inode, struct file *file)
{
	e_x = 0; // want "write e_x by e_release races with write e_x by (e_write|e_release)"
	e_busy--; // want "(read|write) e_busy by e_release races with (read|write) e_busy by (e_open|e_release)"
	return 0;
}
static const struct file_operations e_fops = { .open = e_open, .write = e_write, .release = e_release };

static int __init f_init(void)
{
	register_chrdev(10, "a", &a_fops);
	register_chrdev(11, "b", &b_fops);
	register_chrdev(12, "c", &c_fops);
	register_chrdev(13, "d", &d_fops);
	return register_chrdev(14, "e", &e_fops);
}
module_init(f_init);
MODULE_LICENSE("GPL");
