// A USB driver that holds its mutex across a device reset, as the USB core
// allows: usb_reset_device calls ->post_reset only after ->pre_reset
// returned 0, so pre_reset's mutex_lock and post_reset's mutex_unlock are
// one critical section (lock pair usb_driver pre_reset/post_reset): no
// lock error. The interrupt URB's completion reads the state without the
// mutex and races with post_reset's write.
#include <linux/module.h>
#include <linux/usb.h>
#include <linux/mutex.h>

static DEFINE_MUTEX(rs_lock);
static int rs_state;

static void rs_complete(struct urb *urb)
{
	if (rs_state) // want "race"
		usb_submit_urb(urb, GFP_ATOMIC);
}

static int rs_pre_reset(struct usb_interface *intf)
{
	mutex_lock(&rs_lock);
	return 0;
}

static int rs_post_reset(struct usb_interface *intf)
{
	rs_state = 1; // want "race"
	mutex_unlock(&rs_lock);
	return 0;
}

static int rs_probe(struct usb_interface *intf, const struct usb_device_id *id)
{
	struct usb_device *udev = interface_to_usbdev(intf);
	struct urb *urb = usb_alloc_urb(0, GFP_KERNEL);

	if (!urb)
		return -ENOMEM;
	usb_fill_int_urb(urb, udev, usb_rcvintpipe(udev, 1), NULL, 0, rs_complete, NULL, 8);
	return usb_submit_urb(urb, GFP_KERNEL);
}

static void rs_disconnect(struct usb_interface *intf)
{
}

static const struct usb_device_id rs_ids[] = { { USB_DEVICE(0x1234, 0x5678) }, { } };
MODULE_DEVICE_TABLE(usb, rs_ids);

static struct usb_driver rs_driver = {
	.name = "rs",
	.probe = rs_probe,
	.disconnect = rs_disconnect,
	.pre_reset = rs_pre_reset,
	.post_reset = rs_post_reset,
	.id_table = rs_ids,
};
module_usb_driver(rs_driver);
MODULE_LICENSE("GPL");
