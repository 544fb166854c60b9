/* device-release-ref keeps a file operation's race with the device's
 * release when open takes no reference to the device: rn_write may run on
 * a device already released (a use after free when the device goes while
 * the file is open). */
#include <linux/module.h>
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/cdev.h>
#include <linux/slab.h>

struct rn_dev {
	int state;
	struct device dev;
	struct cdev cdev;
};

static void rn_dev_release(struct device *dev)
{
	struct rn_dev *w = container_of(dev, struct rn_dev, dev);

	kfree(w); // want "write kfree\(w\) by rn_dev_release races with write w->state by rn_write"
}

static int rn_open(struct inode *inode, struct file *file)
{
	file->private_data = container_of(inode->i_cdev, struct rn_dev, cdev);
	return 0;
}

static int rn_close(struct inode *inode, struct file *file)
{
	return 0;
}

static ssize_t rn_write(struct file *file, const char __user *buf, size_t n, loff_t *pos)
{
	struct rn_dev *w = file->private_data;

	w->state = 1; // want "write w->state by rn_write races with write (kfree\(w\) by rn_dev_release|w->state by rn_write)"
	return n;
}

static const struct file_operations rn_fops = {
	.owner = THIS_MODULE,
	.open = rn_open,
	.release = rn_close,
	.write = rn_write,
};

struct rn_dev *rn_alloc(void)
{
	struct rn_dev *w = kzalloc(sizeof(*w), GFP_KERNEL);

	if (!w)
		return NULL;
	w->dev.release = rn_dev_release;
	device_initialize(&w->dev);
	cdev_init(&w->cdev, &rn_fops);
	return w;
}
EXPORT_SYMBOL_GPL(rn_alloc);

MODULE_LICENSE("GPL");
