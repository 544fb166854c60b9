/* An array with an empty initialiser (GNU C: length 0), as virtio_console.c
 * leaves a feature table empty: sizeof and ARRAY_SIZE of it are 0, and the
 * driver reads. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>

static const unsigned int empty_feats[] = {
};
static unsigned long n_feats = ARRAY_SIZE(empty_feats);

static int dev_open(struct inode *inode, struct file *file)
{
	n_feats++; // want "write n_feats by dev_open races with read n_feats by dev_read" /* not with itself: misc_open holds misc_mtx */
	return 0;
}

static ssize_t dev_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	return n_feats + sizeof(empty_feats); // want "read n_feats by dev_read races with write n_feats by dev_open"
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.open = dev_open,
	.read = dev_read,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "empty_array", &dev_fops };

static int __init dev_init(void) { return misc_register(&dev_misc); }
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
