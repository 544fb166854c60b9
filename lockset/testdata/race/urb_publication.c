/* A URB's completion runs only once usb_submit_urb queued the URB, not
 * when usb_fill_*_urb fills it (usb_hcd_giveback_urb). Here only the input
 * device's open and the callbacks submit the URBs: probe's stores before
 * input_register_device race with neither completion, though resume also
 * resubmits the interrupt URB (resume runs only on the bound interface,
 * after probe: rule usb-probe-pm). A store after the registration races. */
#include <linux/input.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/usb.h>

struct up {
	struct urb *irq, *ctl;
	struct usb_ctrlrequest *req;
	struct input_dev *idev;
	u8 buf[8], cbuf[8];
	struct mutex pm_mutex;
	int thresh, mode, late, open;
};

static void up_irq(struct urb *urb)
{
	struct up *up = urb->context;

	if (up->buf[0] > up->thresh) // want "read up->thresh by up_irq races with write up->thresh by up_probe"
		input_report_key(up->idev, KEY_A, 1);
	up->late++; // want "write up->late by up_irq races with write up->late by up_probe"
	usb_submit_urb(up->ctl, GFP_ATOMIC);
}

static void up_ctl(struct urb *urb)
{
	struct up *up = urb->context;

	if (up->mode)
		usb_submit_urb(up->irq, GFP_ATOMIC);
}

static int up_open(struct input_dev *dev)
{
	struct up *up = input_get_drvdata(dev);

	mutex_lock(&up->pm_mutex);
	up->open = 1;
	mutex_unlock(&up->pm_mutex);
	return usb_submit_urb(up->ctl, GFP_KERNEL);
}

static void up_close(struct input_dev *dev)
{
	struct up *up = input_get_drvdata(dev);

	usb_kill_urb(up->ctl);
	usb_kill_urb(up->irq);
	mutex_lock(&up->pm_mutex);
	up->open = 0;
	mutex_unlock(&up->pm_mutex);
}

static int up_suspend(struct usb_interface *intf, pm_message_t message)
{
	struct up *up = usb_get_intfdata(intf);

	if (up->mode)
		usb_kill_urb(up->irq);
	return 0;
}

static int up_resume(struct usb_interface *intf)
{
	struct up *up = usb_get_intfdata(intf);

	int err = 0;

	mutex_lock(&up->pm_mutex);
	if (up->open)
		err = usb_submit_urb(up->irq, GFP_NOIO);
	mutex_unlock(&up->pm_mutex);
	return err;
}

static int up_probe(struct usb_interface *intf, const struct usb_device_id *id)
{
	struct usb_device *udev = interface_to_usbdev(intf);
	struct up *up = kzalloc(sizeof(*up), GFP_KERNEL);
	int err;

	if (!up)
		return -ENOMEM;
	usb_set_intfdata(intf, up);
	up->irq = usb_alloc_urb(0, GFP_KERNEL);
	up->ctl = usb_alloc_urb(0, GFP_KERNEL);
	up->req = kmalloc(sizeof(*up->req), GFP_KERNEL);
	up->idev = input_allocate_device();
	if (!up->irq || !up->ctl || !up->req || !up->idev)
		return -ENOMEM;
	mutex_init(&up->pm_mutex);
	up->mode = 1;
	usb_fill_int_urb(up->irq, udev, usb_rcvintpipe(udev, 1), up->buf, 8, up_irq, up, 10);
	usb_fill_control_urb(up->ctl, udev, usb_sndctrlpipe(udev, 0), (void *)up->req, up->cbuf, 8, up_ctl, up);
	input_set_drvdata(up->idev, up);
	up->idev->open = up_open;
	up->idev->close = up_close;
	err = input_register_device(up->idev);
	if (err)
		return err;
	up->thresh = 4; // want "write up->thresh by up_probe races with read up->thresh by up_irq"
	up->late = 0; // want "write up->late by up_probe races with write up->late by up_irq"
	return 0;
}

static const struct usb_device_id up_ids[] = { { USB_DEVICE(0x1234, 0x5678) }, { } };
MODULE_DEVICE_TABLE(usb, up_ids);

static struct usb_driver up_driver = {
	.name = "up",
	.probe = up_probe,
	.suspend = up_suspend,
	.resume = up_resume,
	.id_table = up_ids,
};
module_usb_driver(up_driver);
MODULE_LICENSE("GPL");
