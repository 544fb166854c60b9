// The race on x needs the pair's second thread (sf_write) to move first
// and three context switches: sf_write sets ready and is preempted,
// sf_read sees ready, reads x and is preempted, sf_write writes x and
// returns, sf_read resumes. sf_read cannot go first: ready starts at 0
// and only sf_write sets it. So x's race is outside csb 2 and inside
// csb 3; the race on ready needs two switches and either bound finds it.
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>

static int ready;
static int x;

static ssize_t sf_read(struct file *f, char __user *buf, size_t n, loff_t *ppos)
{
	if (ready) // want "^confirmed global ready sf_read.sf_write"
		return x; // want csb2 "^not-confirmed global x sf_read.sf_write" csb3 "^confirmed global x sf_read.sf_write"
	return 0;
}

static ssize_t sf_write(struct file *f, const char __user *buf, size_t n, loff_t *ppos)
{
	ready = 1; // want "^confirmed global ready sf_write.sf_write"
	x = 1; // want "^confirmed global x sf_write.sf_write"
	return n;
}

static const struct file_operations sf_fops = {
	.owner = THIS_MODULE,
	.read = sf_read,
	.write = sf_write,
};

static struct miscdevice sf_misc = { MISC_DYNAMIC_MINOR, "sf", &sf_fops };

static int __init sf_init(void)
{
	return misc_register(&sf_misc);
}

static void __exit sf_exit(void)
{
	misc_deregister(&sf_misc);
}
module_init(sf_init);
module_exit(sf_exit);
MODULE_LICENSE("GPL");
