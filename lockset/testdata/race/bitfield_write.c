/* A bit-field store is a read-modify-write of its storage unit; the report
 * calls it what the source says: a write. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>

static DEFINE_MUTEX(m);

struct state {
	unsigned int busy : 1;
	unsigned int mode : 4;
	unsigned int ready : 1;
};

static struct state st;

static int dev_open(struct inode *inode, struct file *file)
{
	st.busy = 1; // want "write st.busy by dev_open races with write st.mode by dev_release" /* not with itself: misc_open holds misc_mtx */
	return 0;
}

static int dev_release(struct inode *inode, struct file *file)
{
	mutex_lock(&m);
	st.mode = 2; // want "write st.mode by dev_release races with write st.busy by dev_open"
	mutex_unlock(&m);
	return 0;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.open = dev_open,
	.release = dev_release,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "bitfield", &dev_fops };

static int __init dev_init(void) { return misc_register(&dev_misc); }
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
