/* A plain single-open flag checked and set under a mutex in a struct
 * field. Under one-device and lock-instances (the defaults) the field is
 * one lock, so the device is single-open and release's code before its
 * store of 0 is ordered after the file's write; with many devices, or
 * lock instances told apart, two opens may hold two instances of the
 * mutex and both see the global flag 0: no rule, the race is back
 * (TestAssumptionSwitches). */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/mutex.h>
#include <linux/cdev.h>

struct wdev {
	struct cdev cdev;
	struct mutex lock;
};

static struct wdev wdev;
static int busy;
static int hits;

static int w_open(struct inode *inode, struct file *file)
{
	struct wdev *wd = container_of(inode->i_cdev, struct wdev, cdev);

	mutex_lock(&wd->lock);
	if (busy) { // want "read busy by w_open races with write busy by w_release"
		mutex_unlock(&wd->lock);
		return -EBUSY;
	}
	busy = 1;
	mutex_unlock(&wd->lock);
	return 0;
}

static ssize_t w_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	hits++; // want "(read|write) hits by w_write races with (read|write) hits by w_write"
	return n;
}

static int w_release(struct inode *inode, struct file *file)
{
	hits = 0; /* every write of the file has returned */
	busy = 0; // want "write busy by w_release races with read busy by w_open"
	return 0;
}

static const struct file_operations w_fops = {
	.owner = THIS_MODULE,
	.open = w_open,
	.write = w_write,
	.release = w_release,
};

static int __init w_init(void)
{
	mutex_init(&wdev.lock);
	cdev_init(&wdev.cdev, &w_fops);
	return cdev_add(&wdev.cdev, MKDEV(240, 0), 1);
}
module_init(w_init);
MODULE_LICENSE("GPL");
