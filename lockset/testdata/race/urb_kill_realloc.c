/* usb_kill_urb(so->ctl) names the URB so->ctl holds; that says which
 * completion it stops only when the member holds one URB for the
 * device's life: here post_reset allocates and fills a new one, and the
 * URB killed in disconnect need not be the one whose completion still
 * runs, so the completion races with the kfree. */
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/input.h>
#include <linux/usb.h>

struct so {
	struct urb *ctl;
	struct input_dev *idev;
	struct usb_ctrlrequest cr;
	u8 buf[8];
	int mode, count;
};

static void so_done(struct urb *urb)
{
	struct so *so = urb->context; // want "read urb->context by so_done races with write urb->context \(in usb_fill_control_urb\) by so_post_reset"

	so->count += so->mode; // want "read so->mode by so_done races with write so->mode by so_probe" "by so_done races with write kfree\(so\) by so_disconnect" "write so->count by so_done races with write so->count by so_done"
}

static int so_open(struct input_dev *idev)
{
	struct so *so = input_get_drvdata(idev);

	return usb_submit_urb(so->ctl, GFP_KERNEL); // want "read so->ctl by so_open races with write so->ctl by so_post_reset"
}

static int so_post_reset(struct usb_interface *intf)
{
	struct usb_device *udev = interface_to_usbdev(intf);
	struct so *so = usb_get_intfdata(intf);

	so->ctl = usb_alloc_urb(0, GFP_KERNEL); // want "write so->ctl by so_post_reset races with read so->ctl by so_open"
	usb_fill_control_urb(so->ctl, udev, usb_sndctrlpipe(udev, 0), (unsigned char *)&so->cr, so->buf, 8, // want "write urb->context \(in usb_fill_control_urb\) by so_post_reset races with read urb->context by so_done"
			     so_done, so);
	return usb_submit_urb(so->ctl, GFP_KERNEL);
}

static int so_probe(struct usb_interface *intf, const struct usb_device_id *id)
{
	struct usb_device *udev = interface_to_usbdev(intf);
	struct so *so = kzalloc(sizeof(*so), GFP_KERNEL);
	int err;

	if (!so)
		return -ENOMEM;
	so->ctl = usb_alloc_urb(0, GFP_KERNEL);
	so->idev = input_allocate_device();
	usb_fill_control_urb(so->ctl, udev, usb_sndctrlpipe(udev, 0), (unsigned char *)&so->cr, so->buf, 8,
			     so_done, so);
	so->count = 0;
	so->idev->open = so_open;
	input_set_drvdata(so->idev, so);
	err = input_register_device(so->idev);
	if (err)
		return err;
	so->mode = 1;		/* open may have submitted the URB */ // want "write so->mode by so_probe races with read so->mode by so_done"
	usb_set_intfdata(intf, so);
	return 0;
}

static void so_disconnect(struct usb_interface *intf)
{
	struct so *so = usb_get_intfdata(intf);

	input_unregister_device(so->idev);
	usb_kill_urb(so->ctl);
	usb_free_urb(so->ctl);
	kfree(so);		/* the URB post_reset made may still complete */ // want "write kfree\(so\) by so_disconnect races with (read|write) so->(mode|count) by so_done"
}

static const struct usb_device_id so_ids[] = { { USB_DEVICE(0x1234, 0x5678) }, { } };
MODULE_DEVICE_TABLE(usb, so_ids);

static struct usb_driver so_driver = {
	.name = "so",
	.probe = so_probe,
	.disconnect = so_disconnect,
	.post_reset = so_post_reset,
	.id_table = so_ids,
};
module_usb_driver(so_driver);
MODULE_LICENSE("GPL");
