/* Caller locks of a USB interface driver: probe, disconnect, pre_reset
 * and post_reset run with the parent usb_device's lock held (the driver
 * core's need_parent_lock, usb_reset_device's callers), so they never
 * overlap. The completion of the one interrupt URB, filled once in probe,
 * never runs twice at once (usb_hcd_giveback_urb), but runs without that
 * lock: it races with the reset callbacks. Probe fills the URB before it
 * submits it, so the fill races with no completion, though post_reset
 * resubmits it too: post_reset runs on the bound interface, after probe
 * (lockset keptFromProbe). */
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/usb.h>

struct rs {
	struct urb *irq;
	u8 buf[8];
	int resets, events, state;
};

static struct rs *rs_dev;

static void rs_complete(struct urb *urb)
{
	struct rs *rs = urb->context;

	rs->events++;
	if (rs->state) // want "read rs->state by rs_complete races with write rs->state by rs_(pre|post)_reset"
		usb_submit_urb(urb, GFP_ATOMIC);
}

static int rs_pre_reset(struct usb_interface *intf)
{
	struct rs *rs = usb_get_intfdata(intf);

	usb_kill_urb(rs->irq);
	rs->resets++;
	rs->state = 0; // want "write rs->state by rs_pre_reset races with read rs->state by rs_complete"
	return 0;
}

static int rs_post_reset(struct usb_interface *intf)
{
	struct rs *rs = usb_get_intfdata(intf);

	rs->resets++;
	rs->state = 1; // want "write rs->state by rs_post_reset races with read rs->state by rs_complete"
	return usb_submit_urb(rs->irq, GFP_NOIO);
}

static int rs_probe(struct usb_interface *intf, const struct usb_device_id *id)
{
	struct usb_device *udev = interface_to_usbdev(intf);
	struct rs *rs = kzalloc(sizeof(*rs), GFP_KERNEL);

	if (!rs)
		return -ENOMEM;
	rs->irq = usb_alloc_urb(0, GFP_KERNEL);
	if (!rs->irq) {
		kfree(rs);
		return -ENOMEM;
	}
	usb_fill_int_urb(rs->irq, udev, usb_rcvintpipe(udev, 1), rs->buf, 8, rs_complete, rs, 10);
	rs_dev = rs;
	usb_set_intfdata(intf, rs);
	return usb_submit_urb(rs->irq, GFP_KERNEL);
}

static void rs_disconnect(struct usb_interface *intf)
{
	struct rs *rs = usb_get_intfdata(intf);

	rs->resets = 0;
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
