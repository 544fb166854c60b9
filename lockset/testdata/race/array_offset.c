/* An array member plus an offset passed to a kernel helper: the helper's
 * read of the buffer races with a write of one of its bytes. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>
#include <linux/uaccess.h>

static DEFINE_MUTEX(m);

static struct {
	char buf[64];
	int head;
} dev;

static ssize_t dev_read(struct file *file, char __user *buf, size_t len, loff_t *ppos)
{
	int head;

	mutex_lock(&m);
	head = dev.head;
	mutex_unlock(&m);
	if (len > 32 || head > 32)
		return -EINVAL;
	if (copy_to_user(buf, dev.buf + head, len)) // want "read copy_to_user\(dev.buf \+ head\) by dev_read races with write dev.buf\[i\] by dev_write"
		return -EFAULT;
	return len;
}

static ssize_t dev_write(struct file *file, const char __user *buf, size_t len, loff_t *ppos)
{
	int i = len & 63;

	mutex_lock(&m);
	dev.buf[i] = 1; // want "write dev.buf\[i\] by dev_write races with read copy_to_user\(dev.buf \+ head\) by dev_read"
	dev.head = i;
	mutex_unlock(&m);
	return len;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.read = dev_read,
	.write = dev_write,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "array_offset", &dev_fops };

static int __init dev_init(void) { return misc_register(&dev_misc); }
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
