/* Formatted I/O touches what its conversions name: kstrtoint and sscanf
 * store through their result pointers, snprintf's and printk's %s read
 * the string. A plain %p prints an address and reads nothing; a number
 * is passed by value (the load is the driver's). */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/uaccess.h>

static int threshold, level, hits;
static char name[16], label[16];
static DEFINE_MUTEX(m);

static ssize_t dev_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	char out[48];
	int len, v;

	mutex_lock(&m);
	v = threshold + level; // want "read threshold by dev_read races with write threshold by dev_write" "read level by dev_read races with write level by dev_write"
	mutex_unlock(&m);
	len = snprintf(out, sizeof(out), "%s %d %p\n", name, v, label); // want "read snprintf\(name\) by dev_read races with write strlcpy\(name\) by dev_write"
	printk(KERN_INFO "%s\n", label); // want "read printk\(label\) by dev_read races with write label\[0\] by dev_write"
	if (copy_to_user(buf, out, len))
		return -EFAULT;
	return len;
}

static ssize_t dev_write(struct file *file, const char __user *ubuf, size_t n, loff_t *ppos)
{
	char kbuf[16] = "42";

	if (kstrtoint(kbuf, 10, &threshold)) // want "write threshold by dev_write races with (read|write) threshold by dev_(read|write)" "write threshold by dev_write races with write threshold by dev_write"
		return -EINVAL;
	if (sscanf(kbuf, "%*s %d", &level) != 1) // want "write level by dev_write races with (read|write) level by dev_(read|write)" "write level by dev_write races with write level by dev_write"
		return -EINVAL;
	mutex_lock(&m);
	strlcpy(name, kbuf, sizeof(name)); // want "write strlcpy\(name\) by dev_write races with read snprintf\(name\) by dev_read"
	label[0] = 'x'; // want "write label\[0\] by dev_write races with read printk\(label\) by dev_read"
	hits++;
	mutex_unlock(&m);
	return n;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.read = dev_read,
	.write = dev_write,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "formats", &dev_fops };

static int __init dev_init(void) { return misc_register(&dev_misc); }
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
