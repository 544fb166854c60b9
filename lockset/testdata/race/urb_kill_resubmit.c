/* usb_kill_urb withdraws its URB only until someone submits it again:
 * here a file's write, which nothing withdraws, may resubmit the URB
 * after disconnect killed it, so the completion still races with what
 * disconnect does after the kill. A control URB's completion
 * (usb_fill_control_urb) is of the same class: it runs only once
 * submitted, so probe's stores before the first submission do not race
 * with it. The driver names soft_unbind: rule usb-unbind does not apply. */
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/usb.h>

struct rk {
	struct urb *ctl;
	struct usb_ctrlrequest cr;
	u8 buf[8];
	int done;
};

static struct rk *rk_dev;

static void rk_done(struct urb *urb)
{
	struct rk *rk = urb->context;

	rk->done++; // want "(read|write) rk->done by rk_done races with write (rk|rk_dev)->done by (rk_disconnect|rk_write|rk_done)"
}

static ssize_t rk_write(struct file *file, const char __user *ubuf, size_t len, loff_t *ppos)
{
	rk_dev->done = 0; // want "write rk_dev->done by rk_write races with (read|write) (rk|rk_dev)->done by (rk_done|rk_write|rk_disconnect)"
	usb_submit_urb(rk_dev->ctl, GFP_KERNEL);
	return len;
}

static const struct file_operations rk_fops = {
	.owner = THIS_MODULE,
	.write = rk_write,
};

static struct miscdevice rk_misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "rk",
	.fops = &rk_fops,
};

static int rk_probe(struct usb_interface *intf, const struct usb_device_id *id)
{
	struct usb_device *udev = interface_to_usbdev(intf);
	struct rk *rk = kzalloc(sizeof(*rk), GFP_KERNEL);

	if (!rk)
		return -ENOMEM;
	rk->ctl = usb_alloc_urb(0, GFP_KERNEL);
	usb_fill_control_urb(rk->ctl, udev, usb_sndctrlpipe(udev, 0), (unsigned char *)&rk->cr, rk->buf, 8,
			     rk_done, rk);
	rk->done = 0;		/* nothing submitted yet */
	rk_dev = rk;
	usb_set_intfdata(intf, rk);
	misc_register(&rk_misc);
	return usb_submit_urb(rk->ctl, GFP_KERNEL);
}

static void rk_disconnect(struct usb_interface *intf)
{
	struct rk *rk = usb_get_intfdata(intf);

	usb_kill_urb(rk->ctl);
	rk->done = 0;		/* rk_write may have resubmitted it */ // want "write rk->done by rk_disconnect races with (read|write) rk->done by rk_done" "write rk->done by rk_disconnect races with write rk_dev->done by rk_write"
}

static const struct usb_device_id rk_ids[] = { { USB_DEVICE(0x1234, 0x5678) }, { } };
MODULE_DEVICE_TABLE(usb, rk_ids);

static struct usb_driver rk_driver = {
	.name = "rk",
	.probe = rk_probe,
	.disconnect = rk_disconnect,
	.id_table = rk_ids,
	.soft_unbind = 1,
};
module_usb_driver(rk_driver);
MODULE_LICENSE("GPL");
