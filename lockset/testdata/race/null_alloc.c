/* Each read publishes a buffer it kzallocs, without checking for NULL,
 * and then fills it. The lockset check makes the allocations of both
 * calls one region, so it reports the fill racing with itself
 * (imprecise). No execution has that race: two successful kzallocs are
 * two objects, and a failed one oopses at its first access. The explorer
 * must not confirm it through two NULL dereferences meeting on one cell.
 * The fill against dev_write's read of the last buffer is a real race,
 * and the explorer confirms it. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/slab.h>

struct buf {
	size_t len;
};

static struct buf *last;

static ssize_t dev_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	struct buf *b = kzalloc(sizeof(*b), GFP_KERNEL);

	last = b; // want "write last by dev_read races with (read|write) last by dev_(read|write)"
	b->len = n; // want "write (b->)?len by dev_read races with (read|write) (b->|last->)?len by dev_(read|write)"
	return 0;
}

static ssize_t dev_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	if (last)
		return last->len; // want "read last by dev_write races with write last by dev_read" "read (last->)?len by dev_write races with write (b->)?len by dev_read"
	return n;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.read = dev_read,
	.write = dev_write,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "nullalloc", &dev_fops };

static int __init dev_init(void) { return misc_register(&dev_misc); }
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
