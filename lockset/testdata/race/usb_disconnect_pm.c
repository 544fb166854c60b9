/* An interface driver's suspend, resume and reset_resume never run
 * during its disconnect (rule usb-disconnect-pm): usb_unbind_interface
 * holds a runtime PM reference on the usb_device around ->disconnect
 * (usb_autoresume_device), and system sleep calls them from the
 * usb_device's PM callbacks under its device_lock, which disconnect
 * holds (ati_remote2.c's reset_resume reads what disconnect frees).
 * The interrupt URB's completion has no such exclusion from suspend:
 * its write races with suspend's read. */
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/usb.h>

struct pm {
	struct urb *irq;
	u8 buf[8];
	int state, events;
};

static void pm_complete(struct urb *urb)
{
	struct pm *pm = urb->context;

	pm->events = 1; // want "write pm->events by pm_complete races with read pm->events by pm_suspend"
}

static int pm_suspend(struct usb_interface *intf, pm_message_t message)
{
	struct pm *pm = usb_get_intfdata(intf);

	if (pm->state)
		return 0;
	usb_kill_urb(pm->irq);
	return pm->events; // want "read pm->events by pm_suspend races with write pm->events by pm_complete"
}

static int pm_reset_resume(struct usb_interface *intf)
{
	struct pm *pm = usb_get_intfdata(intf);

	if (pm->state)
		return 0;
	return usb_submit_urb(pm->irq, GFP_NOIO);
}

static int pm_probe(struct usb_interface *intf, const struct usb_device_id *id)
{
	struct usb_device *udev = interface_to_usbdev(intf);
	struct pm *pm = kzalloc(sizeof(*pm), GFP_KERNEL);

	if (!pm)
		return -ENOMEM;
	pm->irq = usb_alloc_urb(0, GFP_KERNEL);
	if (!pm->irq) {
		kfree(pm);
		return -ENOMEM;
	}
	usb_fill_int_urb(pm->irq, udev, usb_rcvintpipe(udev, 1), pm->buf, 8, pm_complete, pm, 10);
	usb_set_intfdata(intf, pm);
	return usb_submit_urb(pm->irq, GFP_KERNEL);
}

static void pm_disconnect(struct usb_interface *intf)
{
	struct pm *pm = usb_get_intfdata(intf);

	pm->state = 2;
}

static const struct usb_device_id pm_ids[] = { { USB_DEVICE(0x1234, 0x5678) }, { } };
MODULE_DEVICE_TABLE(usb, pm_ids);

static struct usb_driver pm_driver = {
	.name = "pm",
	.probe = pm_probe,
	.disconnect = pm_disconnect,
	.suspend = pm_suspend,
	.reset_resume = pm_reset_resume,
	.id_table = pm_ids,
};
module_usb_driver(pm_driver);
MODULE_LICENSE("GPL");
