/* The precondition of reset_bracket.c fails: pre_reset returns early,
 * without the lock, on one path (ati_remote2.c on its second interface),
 * so the lock is not held on every return and nothing is carried into
 * post_reset: its write before the unlock races with suspend's. */
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/usb.h>

struct ar {
	struct mutex lock;
	int iface, resetting;
};

static int ar_pre_reset(struct usb_interface *intf)
{
	struct ar *ar = usb_get_intfdata(intf);

	if (ar->iface)
		return 0;
	mutex_lock(&ar->lock);
	return 0;
}

static int ar_post_reset(struct usb_interface *intf)
{
	struct ar *ar = usb_get_intfdata(intf);

	if (ar->iface)
		return 0;
	ar->resetting = 0; // want "write ar->resetting by ar_post_reset races with write ar->resetting by ar_suspend"
	mutex_unlock(&ar->lock);
	return 0;
}

static int ar_suspend(struct usb_interface *intf, pm_message_t message)
{
	struct ar *ar = usb_get_intfdata(intf);

	mutex_lock(&ar->lock);
	ar->resetting = 2; // want "write ar->resetting by ar_suspend races with write ar->resetting by ar_post_reset"
	mutex_unlock(&ar->lock);
	return 0;
}

static int ar_probe(struct usb_interface *intf, const struct usb_device_id *id)
{
	struct ar *ar = kzalloc(sizeof(*ar), GFP_KERNEL);

	if (!ar)
		return -ENOMEM;
	mutex_init(&ar->lock);
	usb_set_intfdata(intf, ar);
	return 0;
}

static void ar_disconnect(struct usb_interface *intf)
{
}

static const struct usb_device_id ar_ids[] = { { USB_DEVICE(0x1234, 0x5678) }, { } };
MODULE_DEVICE_TABLE(usb, ar_ids);

static struct usb_driver ar_driver = {
	.name = "ar",
	.probe = ar_probe,
	.disconnect = ar_disconnect,
	.suspend = ar_suspend,
	.pre_reset = ar_pre_reset,
	.post_reset = ar_post_reset,
	.id_table = ar_ids,
};
module_usb_driver(ar_driver);
MODULE_LICENSE("GPL");
