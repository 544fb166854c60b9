// Values have their C types' widths: inb returns a byte, so an int that
// holds it is never above 255, nor is an unsigned char however wide the
// value assigned to it; an unsigned int is never negative, even after a
// negative value is stored in it (limit holds 4294967291 after init).
// Under ideal integers the explorer confirmed the writes behind these
// tests (v = 1515847717). The race on limit itself is real, and its
// trace shows the value the cell holds.
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/io.h>

static int level, width;
static unsigned int limit;
static int hits;

static long w_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	int v = inb(0x300);
	unsigned char c = arg;

	if (v > 255)
		level = v; // want "not confirmed"
	if (c > 255)
		width = c; // want "not confirmed"
	return hits;
}

static ssize_t w_write(struct file *file, const char __user *ubuf, size_t n, loff_t *ppos)
{
	int delta = -5;

	if ((long)limit < 0)
		hits = 1; // want "not confirmed"
	limit = delta; // want "confirmed"
	return n;
}

static const struct file_operations w_fops = {
	.owner = THIS_MODULE,
	.unlocked_ioctl = w_ioctl,
	.write = w_write,
};

static struct miscdevice w_dev = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "w",
	.fops = &w_fops,
};

static int __init w_init(void)
{
	int d = -5;

	limit = d;
	return misc_register(&w_dev);
}

static void __exit w_exit(void)
{
	misc_deregister(&w_dev);
}
module_init(w_init);
module_exit(w_exit);
MODULE_LICENSE("GPL");
