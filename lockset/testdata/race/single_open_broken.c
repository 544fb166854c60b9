/* Single-open protocols whoop cannot see whole keep every race of the
 * release before its clear_bit (single-open rule not applied):
 *  a: release clears the bit twice on one path;
 *  b: an ioctl clears the bit, so a second file may open while the first
 *     is still open;
 *  c: open returns 0 on a path that did not take the bit;
 *  e: open clears the bit on its -EBUSY path, where it does not hold it;
 *  f: release never clears the bit (code whoop does not see may);
 *  g: an ioctl memsets the word (a free of its object would not count).
 * (d, a clear_bit through a pointer, turns the rule off for the whole
 * file: single_open_pointer.c.) */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/bitops.h>
#include <linux/string.h>

static unsigned long a_open_bit, b_open_bit, c_open_bit, e_open_bit, f_open_bit, g_open_bit;
static int a_data, b_data, c_data, e_data, f_data, g_data;
static int force;

static int a_open(struct inode *inode, struct file *file)
{
	if (test_and_set_bit(0, &a_open_bit))
		return -EBUSY;
	return 0;
}

static long a_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	a_data = 1; // want "write a_data by a_ioctl races with .* a_data by (a_ioctl|a_release)"
	return 0;
}

static int a_release(struct inode *inode, struct file *file)
{
	a_data = 0; // want "write a_data by a_release races with .* a_data by (a_ioctl|a_release)"
	if (force)
		clear_bit(0, &a_open_bit);
	clear_bit(0, &a_open_bit);
	return 0;
}

static int b_open(struct inode *inode, struct file *file)
{
	if (test_and_set_bit(0, &b_open_bit))
		return -EBUSY;
	return 0;
}

static long b_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	b_data = 1; // want "write b_data by b_ioctl races with .* b_data by (b_ioctl|b_release)"
	clear_bit(0, &b_open_bit);
	return 0;
}

static int b_release(struct inode *inode, struct file *file)
{
	b_data = 0; // want "write b_data by b_release races with .* b_data by (b_ioctl|b_release)"
	clear_bit(0, &b_open_bit);
	return 0;
}

static int c_open(struct inode *inode, struct file *file)
{
	if (force)
		return 0;
	if (test_and_set_bit(0, &c_open_bit))
		return -EBUSY;
	return 0;
}

static long c_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	c_data = 1; // want "write c_data by c_ioctl races with .* c_data by (c_ioctl|c_release)"
	return 0;
}

static int c_release(struct inode *inode, struct file *file)
{
	c_data = 0; // want "write c_data by c_release races with .* c_data by (c_ioctl|c_release)"
	clear_bit(0, &c_open_bit);
	return 0;
}

static int e_open(struct inode *inode, struct file *file)
{
	if (test_and_set_bit(0, &e_open_bit)) {
		clear_bit(0, &e_open_bit);
		return -EBUSY;
	}
	return 0;
}

static long e_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	e_data = 1; // want "write e_data by e_ioctl races with .* e_data by (e_ioctl|e_release)"
	return 0;
}

static int e_release(struct inode *inode, struct file *file)
{
	e_data = 0; // want "write e_data by e_release races with .* e_data by (e_ioctl|e_release)"
	clear_bit(0, &e_open_bit);
	return 0;
}

static int f_open(struct inode *inode, struct file *file)
{
	if (test_and_set_bit(0, &f_open_bit))
		return -EBUSY;
	return 0;
}

static long f_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	f_data = 1; // want "write f_data by f_ioctl races with .* f_data by (f_ioctl|f_release)"
	return 0;
}

static int f_release(struct inode *inode, struct file *file)
{
	f_data = 0; // want "write f_data by f_release races with .* f_data by (f_ioctl|f_release)"
	return 0;
}

static int g_open(struct inode *inode, struct file *file)
{
	if (test_and_set_bit(0, &g_open_bit)) // want "read test_and_set_bit.&g_open_bit. by g_open races with write memset.&g_open_bit. by g_ioctl"
		return -EBUSY;
	return 0;
}

static long g_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	g_data = 1; // want "write g_data by g_ioctl races with .* g_data by (g_ioctl|g_release)"
	memset(&g_open_bit, 0, sizeof(g_open_bit)); // want "write memset.&g_open_bit. by g_ioctl races with"
	return 0;
}

static int g_release(struct inode *inode, struct file *file)
{
	g_data = 0; // want "write g_data by g_release races with .* g_data by (g_ioctl|g_release)"
	clear_bit(0, &g_open_bit); // want "write clear_bit.&g_open_bit. by g_release races with write memset.&g_open_bit. by g_ioctl"
	return 0;
}

static const struct file_operations a_fops = {
	.owner = THIS_MODULE, .open = a_open, .unlocked_ioctl = a_ioctl, .release = a_release,
};
static const struct file_operations b_fops = {
	.owner = THIS_MODULE, .open = b_open, .unlocked_ioctl = b_ioctl, .release = b_release,
};
static const struct file_operations c_fops = {
	.owner = THIS_MODULE, .open = c_open, .unlocked_ioctl = c_ioctl, .release = c_release,
};
static const struct file_operations e_fops = {
	.owner = THIS_MODULE, .open = e_open, .unlocked_ioctl = e_ioctl, .release = e_release,
};

static const struct file_operations f_fops = {
	.owner = THIS_MODULE, .open = f_open, .unlocked_ioctl = f_ioctl, .release = f_release,
};

static const struct file_operations g_fops = {
	.owner = THIS_MODULE, .open = g_open, .unlocked_ioctl = g_ioctl, .release = g_release,
};

static struct miscdevice a_misc = { MISC_DYNAMIC_MINOR, "a", &a_fops };
static struct miscdevice b_misc = { MISC_DYNAMIC_MINOR, "b", &b_fops };
static struct miscdevice c_misc = { MISC_DYNAMIC_MINOR, "c", &c_fops };
static struct miscdevice e_misc = { MISC_DYNAMIC_MINOR, "e", &e_fops };
static struct miscdevice f_misc = { MISC_DYNAMIC_MINOR, "f", &f_fops };
static struct miscdevice g_misc = { MISC_DYNAMIC_MINOR, "g", &g_fops };

static int __init broken_init(void)
{
	misc_register(&a_misc);
	misc_register(&b_misc);
	misc_register(&c_misc);
	misc_register(&e_misc);
	misc_register(&f_misc);
	return misc_register(&g_misc);
}
static void __exit broken_exit(void)
{
	misc_deregister(&a_misc);
	misc_deregister(&b_misc);
	misc_deregister(&c_misc);
	misc_deregister(&e_misc);
	misc_deregister(&f_misc);
	misc_deregister(&g_misc);
}
module_init(broken_init);
module_exit(broken_exit);
MODULE_LICENSE("GPL");
