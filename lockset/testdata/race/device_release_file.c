/* A struct device's release runs after its last reference is dropped
 * (kobject_cleanup -> device_release, drivers/base/core.c). rf_open takes
 * a reference to its object's device (get_device) on every path that
 * returns 0 and stores the object in file->private_data; only the file's
 * release gives it back (__fput runs ->release after every other
 * operation of the file). So rf_write's accesses through its file's
 * private_data do not race with rf_dev_release's kfree of its container:
 * the same object's device is held, another object is another container.
 * Two writes on one open file still race. device_release_file_noref.c
 * and device_release_file_cond.c keep the race. */
#include <linux/module.h>
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/cdev.h>
#include <linux/slab.h>

struct rf_dev {
	int state;
	int mode;
	struct device dev;
	struct cdev cdev;
};

static void rf_dev_release(struct device *dev)
{
	struct rf_dev *w = container_of(dev, struct rf_dev, dev);

	kfree(w);
}

static int rf_open(struct inode *inode, struct file *file)
{
	struct rf_dev *w = container_of(inode->i_cdev, struct rf_dev, cdev);

	file->private_data = w;
	get_device(&w->dev);
	return 0;
}

static int rf_close(struct inode *inode, struct file *file)
{
	struct rf_dev *w = file->private_data;

	put_device(&w->dev);
	return 0;
}

static ssize_t rf_write(struct file *file, const char __user *buf, size_t n, loff_t *pos)
{
	struct rf_dev *w = file->private_data;

	w->state = 1; // want "write w->state by rf_write races with write w->state by rf_write"
	return n;
}

static ssize_t rf_read(struct file *file, char __user *buf, size_t n, loff_t *pos)
{
	struct rf_dev *w = file->private_data;

	return w->mode; /* the file holds w->dev */
}

static const struct file_operations rf_fops = {
	.owner = THIS_MODULE,
	.open = rf_open,
	.release = rf_close,
	.write = rf_write,
	.read = rf_read,
};

struct rf_dev *rf_alloc(void)
{
	struct rf_dev *w = kzalloc(sizeof(*w), GFP_KERNEL);

	if (!w)
		return NULL;
	w->dev.release = rf_dev_release;
	device_initialize(&w->dev);
	cdev_init(&w->cdev, &rf_fops);
	return w;
}
EXPORT_SYMBOL_GPL(rf_alloc);

MODULE_LICENSE("GPL");
