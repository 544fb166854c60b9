/* Single-open per minor (lp.c): open takes bit LPX_BUSY_BIT of
 * lpx_table[minor].flags, minor = iminor(inode), and release gives it back.
 * Open and release index the array with the minor of the inode the VFS
 * hands both, so they take and give back one element; under one-device
 * (one minor) and lock-arrays the array's bit is one pseudo-lock: release's
 * code before clear_bit races with no other operation of the file, nor
 * with another release or an open past its test_and_set_bit. Two ioctls
 * still race, and so does open's read before its test_and_set_bit. lpy's
 * release gives back element 0 whatever its minor: no rule, every race
 * stays. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/bitops.h>

#define LPX_NO 3
#define LPX_BUSY_BIT 2
#define LPX_BUSY (1 << LPX_BUSY_BIT)
#define LPX_EXIST 1
#define LPX_ABORT 0x40

struct lpx {
	unsigned long flags;
	int mode;
	char *buf;
};

static struct lpx lpx_table[LPX_NO];
#define LPX_F(m) lpx_table[(m)].flags

static int lpx_open(struct inode *inode, struct file *file)
{
	unsigned int minor = iminor(inode);

	if (minor >= LPX_NO)
		return -ENXIO;
	if ((LPX_F(minor) & LPX_EXIST) == 0) // want "read lpx_table\[minor\].flags by lpx_open races with write (clear_bit|test_and_set_bit)\(&lpx_table\[minor\].flags\) by lpx_(open|release)"
		return -ENXIO;
	if (test_and_set_bit(LPX_BUSY_BIT, &LPX_F(minor))) // want "write test_and_set_bit\(&lpx_table\[minor\].flags\) by lpx_open races with read lpx_table\[minor\].flags by lpx_open"
		return -EBUSY;
	lpx_table[minor].buf = kmalloc(64, GFP_KERNEL);
	if (!lpx_table[minor].buf) {
		clear_bit(LPX_BUSY_BIT, &LPX_F(minor));
		return -ENOMEM;
	}
	lpx_table[minor].mode = 1;
	return 0;
}

static int lpx_release(struct inode *inode, struct file *file)
{
	unsigned int minor = iminor(inode);

	lpx_table[minor].mode = 0;
	kfree(lpx_table[minor].buf);
	lpx_table[minor].buf = NULL;
	clear_bit(LPX_BUSY_BIT, &LPX_F(minor)); // want "write clear_bit\(&lpx_table\[minor\].flags\) by lpx_release races with read lpx_table\[minor\].flags by lpx_open"
	return 0;
}

static long lpx_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	unsigned int minor = iminor(file_inode(file));

	if (cmd == 1)
	if (cmd == 2)
		lpx_table[minor].mode = 3;
	lpx_table[minor].mode = 2; // want "write lpx_table\[minor\].mode by lpx_ioctl races with write lpx_table\[minor\].mode by lpx_ioctl"
	return 0;
}

static const struct file_operations lpx_fops = {
	.owner = THIS_MODULE,
	.open = lpx_open,
	.release = lpx_release,
	.unlocked_ioctl = lpx_ioctl,
};

static unsigned long lpy_busy[LPX_NO];
static int lpy_mode;

static int lpy_open(struct inode *inode, struct file *file)
{
	if (test_and_set_bit(0, &lpy_busy[iminor(inode)]))
		return -EBUSY;
	return 0;
}

static int lpy_release(struct inode *inode, struct file *file)
{
	lpy_mode = 0; // want "write lpy_mode by lpy_release races with write lpy_mode by lpy_(ioctl|release)"
	clear_bit(0, &lpy_busy[0]);
	return 0;
}

static long lpy_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	lpy_mode = 1; // want "write lpy_mode by lpy_ioctl races with write lpy_mode by lpy_(ioctl|release)"
	return 0;
}

static const struct file_operations lpy_fops = {
	.owner = THIS_MODULE,
	.open = lpy_open,
	.release = lpy_release,
	.unlocked_ioctl = lpy_ioctl,
};

static int __init lpx_init(void)
{
	int i;

	for (i = 0; i < LPX_NO; i++)
		set_bit(0, &lpx_table[i].flags);
	if (register_chrdev(7, "lpy", &lpy_fops))
		return -EIO;
	return register_chrdev(6, "lpx", &lpx_fops);
}

static void __exit lpx_exit(void)
{
	unregister_chrdev(6, "lpx");
	unregister_chrdev(7, "lpy");
}

module_init(lpx_init);
module_exit(lpx_exit);
MODULE_LICENSE("GPL");
