/* A URB's completion runs once some usb_submit_urb queued it, and that
 * may be the input device's open, callable as soon as probe registered
 * the input device: probe's stores after input_register_device race with
 * the completion, those before it do not (the completion of a control URB
 * had no class before, and raced with all of probe). disconnect's kfree
 * races with nothing: input_unregister_device stops open, the only other
 * submitter, and then usb_kill_urb waits for a running completion (it
 * raced with so_done before usb_kill_urb counted as a withdrawal). */
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
	struct so *so = urb->context;

	so->count += so->mode; // want "read so->mode by so_done races with write so->mode by so_probe"
}

static int so_open(struct input_dev *idev)
{
	struct so *so = input_get_drvdata(idev);

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
	kfree(so);		/* open withdrawn, then the URB killed: so_done is over */
}

static const struct usb_device_id so_ids[] = { { USB_DEVICE(0x1234, 0x5678) }, { } };
MODULE_DEVICE_TABLE(usb, so_ids);

static struct usb_driver so_driver = {
	.name = "so",
	.probe = so_probe,
	.disconnect = so_disconnect,
	.id_table = so_ids,
};
module_usb_driver(so_driver);
MODULE_LICENSE("GPL");
