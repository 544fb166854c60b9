/* Two URBs, and a's completion submits b: a disconnect that kills b and
 * then a leaves a window between the kills in which a's completion
 * resubmits b, so b's completion may run beside what disconnect does
 * after both kills. usb_kill_urb counts for the URB it names only once
 * every other submitter of it is withdrawn (crossGuard): the kill of b
 * comes before a's, so b's completion still races with what follows,
 * while a's completion, which resubmits only its own URB, is over once a
 * is killed. The driver names soft_unbind: rule usb-unbind does not
 * apply. */
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/usb.h>

struct cx {
	struct urb *a, *b;
	u8 abuf[8], bbuf[8];
	int bdone;
};

static void cx_b_done(struct urb *urb)
{
	struct cx *cx = urb->context;

	cx->bdone++; // want "(read|write) cx->bdone by cx_b_done races with write (cx->bdone|kfree\(cx\)) by cx_disconnect"
}

static void cx_a_done(struct urb *urb)
{
	struct cx *cx = urb->context;

	usb_submit_urb(cx->b, GFP_ATOMIC);
	usb_submit_urb(urb, GFP_ATOMIC);
}

static int cx_probe(struct usb_interface *intf, const struct usb_device_id *id)
{
	struct usb_device *udev = interface_to_usbdev(intf);
	struct cx *cx = kzalloc(sizeof(*cx), GFP_KERNEL);

	if (!cx)
		return -ENOMEM;
	cx->a = usb_alloc_urb(0, GFP_KERNEL);
	cx->b = usb_alloc_urb(0, GFP_KERNEL);
	usb_fill_int_urb(cx->a, udev, usb_rcvintpipe(udev, 1), cx->abuf, 8, cx_a_done, cx, 10);
	usb_fill_int_urb(cx->b, udev, usb_sndintpipe(udev, 2), cx->bbuf, 8, cx_b_done, cx, 10);
	cx->bdone = 0;		/* no URB submitted yet */
	usb_set_intfdata(intf, cx);
	return usb_submit_urb(cx->a, GFP_KERNEL);
}

static void cx_disconnect(struct usb_interface *intf)
{
	struct cx *cx = usb_get_intfdata(intf);

	usb_kill_urb(cx->b);
	usb_kill_urb(cx->a);
	cx->bdone = 0;		/* b may have been resubmitted between the kills */ // want "write cx->bdone by cx_disconnect races with (read|write) cx->bdone by cx_b_done"
	kfree(cx);
}

static const struct usb_device_id cx_ids[] = { { USB_DEVICE(0x1234, 0x5678) }, { } };
MODULE_DEVICE_TABLE(usb, cx_ids);

static struct usb_driver cx_driver = {
	.name = "cx",
	.probe = cx_probe,
	.disconnect = cx_disconnect,
	.id_table = cx_ids,
	.soft_unbind = 1,
};
module_usb_driver(cx_driver);
MODULE_LICENSE("GPL");
