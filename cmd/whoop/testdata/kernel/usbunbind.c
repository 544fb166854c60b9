// The USB core stops an interface's URBs before it calls the disconnect
// of a driver that does not ask for soft unbinding (usb_unbind_interface
// kills them, disables the endpoints): the interrupt URB's completion
// never runs beside disconnect, so disconnect's writes race only with
// what still runs (the sysfs file). The control URB on endpoint 0 is not
// stopped: its completion races with disconnect. Probe's writes before
// the first usb_submit_urb race with no interrupt completion, and the
// interrupt URB's completion, filled once, never runs twice at once (rule
// urb-complete). The control URB's completion is published by its
// submission too: probe's fills race with neither completion.
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/usb.h>

struct ub {
	struct urb *irq, *ctrl;
	struct usb_ctrlrequest req;
	u8 buf[8];
	int events, ctrl_done, mode;
};

static struct ub *ub_dev;
static int ub_stat;

static void ub_irq(struct urb *urb)
{
	struct ub *ub = urb->context;

	ub->events++;
	ub_stat = ub->mode; // want "race"
	usb_submit_urb(urb, GFP_ATOMIC);
}

static void ub_ctrl(struct urb *urb)
{
	struct ub *ub = urb->context;

	ub->ctrl_done = 1; // want "race"
}

static ssize_t stat_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	return sprintf(buf, "%d\n", ub_stat); // want "race"
}
static DEVICE_ATTR_RO(stat);

static int ub_probe(struct usb_interface *intf, const struct usb_device_id *id)
{
	struct usb_device *udev = interface_to_usbdev(intf);
	struct ub *ub = kzalloc(sizeof(*ub), GFP_KERNEL);

	if (!ub)
		return -ENOMEM;
	ub->irq = usb_alloc_urb(0, GFP_KERNEL);
	ub->ctrl = usb_alloc_urb(0, GFP_KERNEL);
	ub->mode = 1;
	usb_fill_int_urb(ub->irq, udev, usb_rcvintpipe(udev, 1), ub->buf, 8, ub_irq, ub, 10);
	usb_fill_control_urb(ub->ctrl, udev, usb_sndctrlpipe(udev, 0), (unsigned char *)&ub->req,
			     NULL, 0, ub_ctrl, ub);
	ub_dev = ub;
	usb_set_intfdata(intf, ub);
	usb_submit_urb(ub->irq, GFP_KERNEL);
	usb_submit_urb(ub->ctrl, GFP_KERNEL);
	return device_create_file(&intf->dev, &dev_attr_stat);
}

static void ub_disconnect(struct usb_interface *intf)
{
	struct ub *ub = usb_get_intfdata(intf);

	ub_stat = 0; // want "race"
	ub->events = 0;
	ub->ctrl_done = 0; // want "race"
}

static const struct usb_device_id ub_ids[] = {
	{ USB_DEVICE(0x1234, 0x5678) },
	{ }
};
MODULE_DEVICE_TABLE(usb, ub_ids);

static struct usb_driver ub_driver = {
	.name = "ub",
	.probe = ub_probe,
	.disconnect = ub_disconnect,
	.id_table = ub_ids,
};
module_usb_driver(ub_driver);
MODULE_LICENSE("GPL");
