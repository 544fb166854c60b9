/* Synchronous USB messages keep no pointer to their buffer once they
 * return (drivers/usb/core/message.c: usb_start_wait_urb waits for the
 * URB or kills it): a fresh buffer passed to usb_control_msg or
 * usb_bulk_msg stays the call's own (i2c-tiny-usb.c's usb_read). A
 * buffer kept in the driver's struct is shared, as before. */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/usb.h>

struct tiny {
	struct usb_device *udev;
	unsigned char *buf;
	int status;
};

static int tiny_read(struct tiny *t, void *data, int len)
{
	struct usb_device *udev = t->udev;
	unsigned int pipe = usb_rcvctrlpipe(udev, 0);
	void *dma = kmalloc(len, GFP_KERNEL);
	int ret;

	if (!dma)
		return -ENOMEM;
	ret = usb_control_msg(udev, pipe, 1, USB_DIR_IN, 0, 0, dma, len, 2000); // want thread-local
	memcpy(data, dma, len);
	kfree(dma);                                  // want thread-local
	return ret;
}

static int tiny_bulk(struct tiny *t, int len)
{
	unsigned char *dma = kmalloc(len, GFP_KERNEL);
	int actual, ret;

	if (!dma)
		return -ENOMEM;
	ret = usb_bulk_msg(t->udev, usb_rcvbulkpipe(t->udev, 1), dma, len, &actual, 1000);
	t->status = dma[0];
	kfree(dma);                                  // want thread-local
	return ret;
}

/* The driver's own buffer, reused by every call: shared. */
static int tiny_status(struct tiny *t)
{
	struct usb_device *udev = t->udev;
	unsigned int pipe = usb_rcvctrlpipe(udev, 0);
	unsigned char *buf = t->buf;
	int ret = usb_control_msg(udev, pipe, 2, USB_DIR_IN, 0, 0, buf, 1, 2000); // want shared not-private

	t->status = t->buf[0];                       // want shared not-private
	return ret;
}

static int tiny_probe(struct usb_interface *intf, const struct usb_device_id *id)
{
	struct tiny *t = kzalloc(sizeof(*t), GFP_KERNEL);
	char c;

	if (!t)
		return -ENOMEM;
	t->udev = interface_to_usbdev(intf);
	t->buf = kmalloc(1, GFP_KERNEL);
	usb_set_intfdata(intf, t);
	tiny_read(t, &c, 1);
	tiny_bulk(t, 8);
	return tiny_status(t);
}

static void tiny_disconnect(struct usb_interface *intf)
{
	struct tiny *t = usb_get_intfdata(intf);
	char c;

	tiny_read(t, &c, 1);
	tiny_bulk(t, 8);
	tiny_status(t);
}

static const struct usb_device_id tiny_table[] = {
	{ USB_DEVICE(0x0403, 0xc631) },
	{ }
};

static struct usb_driver tiny_driver = {
	.name = "tiny",
	.probe = tiny_probe,
	.disconnect = tiny_disconnect,
	.id_table = tiny_table,
};
module_usb_driver(tiny_driver);
