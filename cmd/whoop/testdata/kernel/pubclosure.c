// A registration of a class no entry point of the driver belongs to
// (device_create_with_groups, class sysfs, in module init of a driver
// without attributes) makes nothing else callable. whoop took such a class for an
// unknown one, which publishes every class, so the write of c_x after it
// raced with the file's read although cdev_add comes later.
#include <linux/module.h>
#include <linux/device.h>
#include <linux/cdev.h>
#include <linux/fs.h>

static int c_x, c_y;
static struct class *c_class;
static struct cdev c_cdev;

static ssize_t c_read(struct file *f, char __user *buf, size_t n, loff_t *pos)
{
	return c_x + c_y; // want "race"
}

static const struct file_operations c_fops = { .owner = THIS_MODULE, .read = c_read };

static int __init c_init(void)
{
	int err;

	c_class = class_create("c");
	if (IS_ERR(c_class))
		return PTR_ERR(c_class);
	if (IS_ERR(device_create_with_groups(c_class, NULL, MKDEV(240, 0), NULL, NULL, "c")))
		return -ENODEV;
	c_x = 1;
	cdev_init(&c_cdev, &c_fops);
	err = cdev_add(&c_cdev, MKDEV(240, 0), 1);
	if (err)
		return err;
	c_y = 1; // want "race"
	return 0;
}

static void __exit c_exit(void)
{
	cdev_del(&c_cdev);
	device_destroy(c_class, MKDEV(240, 0));
	class_destroy(c_class);
}
module_init(c_init);
module_exit(c_exit);
MODULE_LICENSE("GPL");
