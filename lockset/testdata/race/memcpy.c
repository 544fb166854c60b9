/* Kernel helpers access memory: memcpy and copy_from_user into shared
 * memory race with a plain read. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/string.h>
#include <linux/uaccess.h>

static char config[16];
static char name[8];

static ssize_t dev_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	return config[0] + name[1]; // want "read config\[0\] by dev_read races with write memcpy\(config\) by dev_write" "read name\[1\] by dev_read races with write copy_from_user\(name\) by dev_write"
}

static ssize_t dev_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	char local[16];

	if (copy_from_user(local, buf, sizeof(local)))
		return -EFAULT;
	memcpy(config, local, sizeof(config)); // want "write memcpy\(config\) by dev_write races with (read|write) .* by dev_(read|write)" "write memcpy\(config\) by dev_write races with write memcpy\(config\) by dev_write"
	if (copy_from_user(name, buf, sizeof(name))) // want "write copy_from_user\(name\) by dev_write races with (read|write) .* by dev_(read|write)" "write copy_from_user\(name\) by dev_write races with write copy_from_user\(name\) by dev_write"
		return -EFAULT;
	return n;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.read = dev_read,
	.write = dev_write,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "memcpy", &dev_fops };

static int __init dev_init(void) { return misc_register(&dev_misc); }
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
