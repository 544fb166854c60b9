/*
 * breadth/usb_skel.c - a USB bulk device exposed as a character device
 * (usb_driver, usb_class_driver, URB completion, interface data).
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/module.h>
#include <linux/kref.h>
#include <linux/uaccess.h>
#include <linux/usb.h>
#include <linux/mutex.h>

#define SKEL_VENDOR_ID 0xfff0
#define SKEL_PRODUCT_ID 0xfff0
#define SKEL_MINOR_BASE 192

static const struct usb_device_id skel_table[] = {
	{ USB_DEVICE(SKEL_VENDOR_ID, SKEL_PRODUCT_ID) },
	{ }
};
MODULE_DEVICE_TABLE(usb, skel_table);

struct usb_skel {
	struct usb_device *udev;
	struct usb_interface *interface;
	struct urb *bulk_in_urb;
	unsigned char *bulk_in_buffer;
	size_t bulk_in_size;
	size_t bulk_in_filled;
	__u8 bulk_in_endpoint_addr;
	int errors;
	bool ongoing_read;
	spinlock_t err_lock;
	struct kref kref;
	struct mutex io_mutex;
	wait_queue_head_t bulk_in_wait;
};

static struct usb_driver skel_driver;

static void skel_delete(struct kref *kref)
{
	struct usb_skel *dev = container_of(kref, struct usb_skel, kref);

	usb_free_urb(dev->bulk_in_urb);
	usb_put_dev(dev->udev);
	kfree(dev->bulk_in_buffer);
	kfree(dev);
}

static void skel_read_bulk_callback(struct urb *urb)
{
	struct usb_skel *dev = urb->context;

	spin_lock(&dev->err_lock);
	if (urb->status)
		dev->errors = urb->status;
	else
		dev->bulk_in_filled = urb->actual_length;
	dev->ongoing_read = 0;
	spin_unlock(&dev->err_lock);
	wake_up_interruptible(&dev->bulk_in_wait);
}

static int skel_open(struct inode *inode, struct file *file)
{
	struct usb_interface *interface;
	struct usb_skel *dev;

	interface = usb_find_interface(&skel_driver, iminor(inode));
	if (!interface)
		return -ENODEV;
	dev = usb_get_intfdata(interface);
	if (!dev)
		return -ENODEV;
	kref_get(&dev->kref);
	file->private_data = dev;
	return 0;
}

static int skel_release(struct inode *inode, struct file *file)
{
	struct usb_skel *dev = file->private_data;

	kref_put(&dev->kref, skel_delete);
	return 0;
}

static ssize_t skel_read(struct file *file, char __user *buffer, size_t count, loff_t *ppos)
{
	struct usb_skel *dev = file->private_data;
	int rv;

	rv = mutex_lock_interruptible(&dev->io_mutex);
	if (rv < 0)
		return rv;
	usb_fill_bulk_urb(dev->bulk_in_urb, dev->udev,
			  usb_rcvbulkpipe(dev->udev, dev->bulk_in_endpoint_addr),
			  dev->bulk_in_buffer, dev->bulk_in_size, skel_read_bulk_callback, dev);
	spin_lock_irq(&dev->err_lock);
	dev->ongoing_read = 1;
	spin_unlock_irq(&dev->err_lock);
	rv = usb_submit_urb(dev->bulk_in_urb, GFP_KERNEL);
	if (rv == 0)
		rv = wait_event_interruptible(dev->bulk_in_wait, !dev->ongoing_read);
	if (rv == 0) {
		size_t n = min(count, dev->bulk_in_filled);

		rv = copy_to_user(buffer, dev->bulk_in_buffer, n) ? -EFAULT : (int)n;
	}
	mutex_unlock(&dev->io_mutex);
	return rv;
}

static const struct file_operations skel_fops = {
	.owner = THIS_MODULE,
	.read = skel_read,
	.open = skel_open,
	.release = skel_release,
	.llseek = noop_llseek,
};

static struct usb_class_driver skel_class = {
	.name = "skel%d",
	.fops = &skel_fops,
	.minor_base = SKEL_MINOR_BASE,
};

static int skel_probe(struct usb_interface *interface, const struct usb_device_id *id)
{
	struct usb_host_interface *iface_desc = interface->cur_altsetting;
	struct usb_skel *dev;
	int i;

	dev = kzalloc(sizeof(*dev), GFP_KERNEL);
	if (!dev)
		return -ENOMEM;
	kref_init(&dev->kref);
	mutex_init(&dev->io_mutex);
	spin_lock_init(&dev->err_lock);
	init_waitqueue_head(&dev->bulk_in_wait);
	dev->udev = usb_get_dev(interface_to_usbdev(interface));
	dev->interface = interface;
	for (i = 0; i < iface_desc->desc.bNumEndpoints; ++i) {
		struct usb_endpoint_descriptor *endpoint = &iface_desc->endpoint[i].desc;

		if (!dev->bulk_in_endpoint_addr && usb_endpoint_is_bulk_in(endpoint)) {
			dev->bulk_in_size = usb_endpoint_maxp(endpoint);
			dev->bulk_in_endpoint_addr = endpoint->bEndpointAddress;
			dev->bulk_in_buffer = kmalloc(dev->bulk_in_size, GFP_KERNEL);
			dev->bulk_in_urb = usb_alloc_urb(0, GFP_KERNEL);
		}
	}
	usb_set_intfdata(interface, dev);
	if (usb_register_dev(interface, &skel_class)) {
		usb_set_intfdata(interface, NULL);
		kref_put(&dev->kref, skel_delete);
		return -ENOMEM;
	}
	dev_info(&interface->dev, "USB Skeleton device now attached to skel-%d", interface->minor);
	return 0;
}

static void skel_disconnect(struct usb_interface *interface)
{
	struct usb_skel *dev = usb_get_intfdata(interface);

	usb_set_intfdata(interface, NULL);
	usb_deregister_dev(interface, &skel_class);
	mutex_lock(&dev->io_mutex);
	dev->interface = NULL;
	mutex_unlock(&dev->io_mutex);
	usb_kill_urb(dev->bulk_in_urb);
	kref_put(&dev->kref, skel_delete);
}

static struct usb_driver skel_driver = {
	.name = "skeleton",
	.probe = skel_probe,
	.disconnect = skel_disconnect,
	.id_table = skel_table,
	.supports_autosuspend = 1,
};

module_usb_driver(skel_driver);

MODULE_LICENSE("GPL");
