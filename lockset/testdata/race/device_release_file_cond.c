/* device-release-ref keeps a file operation's race with the device's
 * release when open takes the reference on some paths only (watchdog_dev.c's
 * watchdog_open: get_device only if the hardware is not running). */
#include <linux/module.h>
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/cdev.h>
#include <linux/slab.h>

struct ru_dev {
	int state;
	struct device dev;
	struct cdev cdev;
};

static bool ru_running;

static void ru_dev_release(struct device *dev)
{
	struct ru_dev *w = container_of(dev, struct ru_dev, dev);

	kfree(w); // want "write kfree\(w\) by ru_dev_release races with write w->state by ru_write"
}

static int ru_open(struct inode *inode, struct file *file)
{
	struct ru_dev *w = container_of(inode->i_cdev, struct ru_dev, cdev);

	file->private_data = w;
	if (!ru_running)
		get_device(&w->dev);
	return 0;
}

static int ru_close(struct inode *inode, struct file *file)
{
	return 0;
}

static ssize_t ru_write(struct file *file, const char __user *buf, size_t n, loff_t *pos)
{
	struct ru_dev *w = file->private_data;

	w->state = 1; // want "write w->state by ru_write races with write (kfree\(w\) by ru_dev_release|w->state by ru_write)"
	return n;
}

static const struct file_operations ru_fops = {
	.owner = THIS_MODULE,
	.open = ru_open,
	.release = ru_close,
	.write = ru_write,
};

struct ru_dev *ru_alloc(void)
{
	struct ru_dev *w = kzalloc(sizeof(*w), GFP_KERNEL);

	if (!w)
		return NULL;
	w->dev.release = ru_dev_release;
	device_initialize(&w->dev);
	cdev_init(&w->cdev, &ru_fops);
	return w;
}
EXPORT_SYMBOL_GPL(ru_alloc);

MODULE_LICENSE("GPL");
