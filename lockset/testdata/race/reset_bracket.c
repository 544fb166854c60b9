/* A lock taken in pre_reset and released in post_reset (cm109.c's
 * pm_mutex): usb_reset_device calls ->post_reset only after ->pre_reset
 * returned 0 on the same thread, so post_reset runs holding what
 * pre_reset returned holding, and its write before the unlock does not
 * race with suspend, which takes the same mutex (models.CallbackBrackets,
 * lockset brackets.go). reset_bracket_early.c keeps the race when
 * pre_reset may return without the lock. */
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/usb.h>

struct cm {
	struct mutex pm_mutex;
	int resetting, open;
};

static int cm_pre_reset(struct usb_interface *intf)
{
	struct cm *cm = usb_get_intfdata(intf);

	mutex_lock(&cm->pm_mutex);
	cm->resetting = 1;
	return 0;
}

static int cm_post_reset(struct usb_interface *intf)
{
	struct cm *cm = usb_get_intfdata(intf);

	cm->resetting = 0;
	mutex_unlock(&cm->pm_mutex);
	return 0;
}

static int cm_suspend(struct usb_interface *intf, pm_message_t message)
{
	struct cm *cm = usb_get_intfdata(intf);

	mutex_lock(&cm->pm_mutex);
	cm->resetting = 2;
	mutex_unlock(&cm->pm_mutex);
	return 0;
}

static int cm_probe(struct usb_interface *intf, const struct usb_device_id *id)
{
	struct cm *cm = kzalloc(sizeof(*cm), GFP_KERNEL);

	if (!cm)
		return -ENOMEM;
	mutex_init(&cm->pm_mutex);
	usb_set_intfdata(intf, cm);
	return 0;
}

static void cm_disconnect(struct usb_interface *intf)
{
}

static const struct usb_device_id cm_ids[] = { { USB_DEVICE(0x1234, 0x5678) }, { } };
MODULE_DEVICE_TABLE(usb, cm_ids);

static struct usb_driver cm_driver = {
	.name = "cm",
	.probe = cm_probe,
	.disconnect = cm_disconnect,
	.suspend = cm_suspend,
	.pre_reset = cm_pre_reset,
	.post_reset = cm_post_reset,
	.id_table = cm_ids,
};
module_usb_driver(cm_driver);
MODULE_LICENSE("GPL");
