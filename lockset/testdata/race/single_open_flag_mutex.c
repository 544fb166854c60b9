/* A single-open device with a plain flag checked and set under the
 * driver's own mutex (a character device, so no misc_mtx): the check and
 * the store are one step against other opens, so one file is open at a
 * time, as with a bit (single_open_flag.c). Open's error path after the
 * store gives the flag back, outside the mutex: that store races with
 * another open's check, and code after it has no order. Two
 * operations of the open file still race, and so does release after its
 * store of 0. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/mutex.h>

static DEFINE_MUTEX(open_lock);
static int in_use;
static int count;
static int mode;
static int after;
static int major;

static int setup(void);

static int d_open(struct inode *inode, struct file *file)
{
	if (mutex_lock_interruptible(&open_lock))
		return -ERESTARTSYS;
	if (in_use) { // want "read in_use by d_open races with write in_use by (d_open|d_release)"
		mutex_unlock(&open_lock);
		return -EBUSY;
	}
	in_use = 1;
	mutex_unlock(&open_lock);
	count = 0; /* after the previous release's store of 0 */
	if (setup()) {
		in_use = 0; // want "write in_use by d_open races with read in_use by d_open"
		after = 2; // want "write after by d_open races with write after by (d_open|d_release)"
		return -EIO;
	}
	return 0;
}

static ssize_t d_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	count++; // want "(read|write) count by d_write races with (read|write) count by d_write"
	mode = 1; // want "write mode by d_write races with write mode by d_write"
	return n;
}

static int d_release(struct inode *inode, struct file *file)
{
	count = 0; /* every write of the file has returned */
	mode = 0;
	in_use = 0; // want "write in_use by d_release races with read in_use by d_open"
	after = 1; // want "write after by d_release races with write after by (d_open|d_release)"
	return 0;
}

static const struct file_operations d_fops = {
	.owner = THIS_MODULE,
	.open = d_open,
	.write = d_write,
	.release = d_release,
};

static int setup(void) { return mode; }

static int __init d_init(void)
{
	major = register_chrdev(0, "single_open_flag_mutex", &d_fops);
	return major < 0 ? major : 0;
}

static void __exit d_exit(void) { unregister_chrdev(major, "single_open_flag_mutex"); }
module_init(d_init);
module_exit(d_exit);
MODULE_LICENSE("GPL");
