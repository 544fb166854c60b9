/* A constant converted to an unsigned type has the value C gives it:
 * unsigned int u = -1 is UINT_MAX, as ~0U and (unsigned)-1 are. As the
 * integer -1 the comparison with UINT_MAX was false and the write under it
 * dead. (Arithmetic past the type's range is not wrapped unless
 * --no-assume ideal-ints: u + 1 is 2^32 here.) */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/kernel.h>

static int all_ones, narrowed;

static ssize_t dev_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	unsigned int u = -1;
	unsigned char c = 300;

	if (u == UINT_MAX)
		all_ones = n; // want "write all_ones by dev_write races with write all_ones by dev_write"
	if (c == 44)
		narrowed = n; // want "write narrowed by dev_write races with write narrowed by dev_write"
	return n;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.write = dev_write,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "unsigned_consts", &dev_fops };

static int __init dev_init(void) { return misc_register(&dev_misc); }
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
