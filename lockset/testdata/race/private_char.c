/* Accesses through file->private_data and container_of reach the device's
 * private data, shared by every open file. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/cdev.h>
#include <linux/spinlock.h>
#include <linux/workqueue.h>

struct mydev {
	struct cdev cdev;
	spinlock_t lock;
	int count;
	int errors;
	int pending;
	struct work_struct work;
};

static struct mydev dev;
static dev_t devno;

static void mydev_work(struct work_struct *work)
{
	struct mydev *d = container_of(work, struct mydev, work);

	spin_lock(&d->lock);
	d->count = 0;
	spin_unlock(&d->lock);
	d->pending = 0; // want "write d->pending by mydev_work races with (read|write) d->pending by mydev_(write|work)"
}

static int mydev_open(struct inode *inode, struct file *file)
{
	struct mydev *d = container_of(inode->i_cdev, struct mydev, cdev);

	file->private_data = d;
	return 0;
}

static ssize_t mydev_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	struct mydev *d = file->private_data;

	spin_lock(&d->lock);
	d->count += n;
	spin_unlock(&d->lock);
	d->errors++; // want "(read|write) d->errors by mydev_write races with (read|write) d->errors by mydev_write"
	d->pending = 1; // want "write d->pending by mydev_write races with write d->pending by mydev_(write|work)"
	schedule_work(&d->work);
	return n;
}

static const struct file_operations mydev_fops = {
	.owner = THIS_MODULE,
	.open = mydev_open,
	.write = mydev_write,
};

static int __init mydev_init(void)
{
	int err = alloc_chrdev_region(&devno, 0, 1, "mydev");

	if (err)
		return err;
	spin_lock_init(&dev.lock);
	INIT_WORK(&dev.work, mydev_work);
	cdev_init(&dev.cdev, &mydev_fops);
	return cdev_add(&dev.cdev, devno, 1);
}

static void __exit mydev_exit(void)
{
	cdev_del(&dev.cdev);
	cancel_work_sync(&dev.work);
	unregister_chrdev_region(devno, 1);
}
module_init(mydev_init);
module_exit(mydev_exit);
MODULE_LICENSE("GPL");
