/* An ioctl calls clear_bit through a function pointer: which bit it clears
 * is unknown to the rule, so a clear through a pointer anywhere in the
 * driver keeps every race of the release before its clear_bit (this case
 * was d of single_open_broken.c, and would turn the rule off for the other
 * cases there). */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/bitops.h>

static unsigned long d_open_bit;
static int d_data;

static int d_open(struct inode *inode, struct file *file)
{
	if (test_and_set_bit(0, &d_open_bit))
		return -EBUSY;
	return 0;
}

static void (*d_clear)(long nr, volatile unsigned long *addr) = clear_bit;

static long d_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	d_data = 1; // want "write d_data by d_ioctl races with .* d_data by (d_ioctl|d_release)"
	d_clear(0, &d_open_bit);
	return 0;
}

static int d_release(struct inode *inode, struct file *file)
{
	d_data = 0; // want "write d_data by d_release races with .* d_data by (d_ioctl|d_release)"
	clear_bit(0, &d_open_bit);
	return 0;
}

static const struct file_operations d_fops = {
	.owner = THIS_MODULE, .open = d_open, .unlocked_ioctl = d_ioctl, .release = d_release,
};

static struct miscdevice d_misc = { MISC_DYNAMIC_MINOR, "d", &d_fops };

static int __init pointer_init(void) { return misc_register(&d_misc); }
static void __exit pointer_exit(void) { misc_deregister(&d_misc); }
module_init(pointer_init);
module_exit(pointer_exit);
MODULE_LICENSE("GPL");
