/* Per-call USB message buffers (i2c-tiny-usb.c): each call allocates its
 * own buffer, hands it to usb_control_msg (which keeps no pointer once it
 * returns, drivers/usb/core/message.c) or to a driver helper that only
 * copies into it, and frees it: two calls have two buffers, no race. The
 * buffer kept in the driver's struct is one for every call: its accesses,
 * the USB call's own among them, race without the lock. dev_read and
 * dev_write pass tiny_read their own buffers, dev_ioctl the shared
 * t->msg: their calls go to a copy of tiny_read (frontend/regions/
 * localargs.go), so only dev_ioctl's memcpy into data races (two ioctls;
 * that pair's witness on t->msg is the memcpy's, not line 71's), and
 * dev_write's own buffer no longer races with t->msg. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/usb.h>

struct tiny {
	struct usb_device *udev;
	unsigned char msg[2];
	int status;
};

static struct tiny *t;

static int tiny_read(int cmd, void *data, int len)
{
	void *dma = kmalloc(len, GFP_KERNEL);
	int ret;

	if (!dma)
		return -ENOMEM;
	ret = usb_control_msg(t->udev, usb_rcvctrlpipe(t->udev, 0), cmd, USB_DIR_IN, 0, 0, dma, len, 2000);
	memcpy(data, dma, len); // want "write memcpy\(data\) by dev_ioctl races with write memcpy\(data\) by dev_ioctl"
	kfree(dma);
	return ret;
}

static ssize_t dev_read(struct file *file, char __user *ubuf, size_t n, loff_t *ppos)
{
	unsigned char *status = kmalloc(1, GFP_KERNEL);
	int ret;

	if (!status)
		return -ENOMEM;
	ret = tiny_read(1, status, 1);
	if (ret == 1 && *status)
		ret = -EIO;
	kfree(status);
	return ret;
}

static ssize_t dev_write(struct file *file, const char __user *ubuf, size_t n, loff_t *ppos)
{
	__le32 *func = kmalloc(sizeof(*func), GFP_KERNEL);
	int ret;

	if (!func)
		return -ENOMEM;
	ret = tiny_read(3, func, sizeof(*func));
	if (ret == sizeof(*func))
		ret = le32_to_cpup(func);
	kfree(func);
	return ret;
}

static long dev_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	if (cmd == 1)
		return tiny_read(5, t->msg, 2);
	return usb_control_msg(t->udev, usb_rcvctrlpipe(t->udev, 0), 2, USB_DIR_IN, 0, 0, t->msg, 2, 2000);
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.read = dev_read,
	.write = dev_write,
	.unlocked_ioctl = dev_ioctl,
};

static struct miscdevice dev_misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "usb_percall",
	.fops = &dev_fops,
};

static int __init tiny_init(void)
{
	t = kzalloc(sizeof(*t), GFP_KERNEL);
	if (!t)
		return -ENOMEM;
	return misc_register(&dev_misc);
}
module_init(tiny_init);
