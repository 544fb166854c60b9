/* counter is protected by a mutex, hits is not: open races on hits only. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/mutex.h>
#include <linux/miscdevice.h>

static DEFINE_MUTEX(lock);
static int counter;
static int hits;

static void bump(void)
{
	mutex_lock(&lock);
	counter++;
	mutex_unlock(&lock);
}

static int dev_open(struct inode *inode, struct file *file)
{
	bump();
	hits++;
	return 0;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.open = dev_open,
};

/* External linkage: misc-open does not serialise the opens. */
struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "mixed", &dev_fops };

static int __init dev_init(void) { return misc_register(&dev_misc); }
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
