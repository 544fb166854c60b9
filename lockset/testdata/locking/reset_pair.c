/* The USB core calls ->post_reset only after ->pre_reset (usb_reset_device):
 * the mutexes pre_reset takes and post_reset releases are held across the
 * reset on purpose (lock pair usb_driver pre_reset/post_reset), a global
 * one and one in the device's struct. What crosses the pair otherwise is
 * still an error: a lock pre_reset leaves held that post_reset never
 * releases, a second release in post_reset, and a release of a lock
 * pre_reset never took. */
#include <linux/module.h>
#include <linux/usb.h>
#include <linux/mutex.h>
#include <linux/slab.h>

struct rp_dev {
	struct mutex pm_mutex;
	int resetting;
};

static DEFINE_MUTEX(rp_global);
static DEFINE_MUTEX(rp_stuck);
static DEFINE_MUTEX(rp_never);

static int rp_pre_reset(struct usb_interface *intf)
{
	struct rp_dev *dev = usb_get_intfdata(intf);

	mutex_lock(&rp_global);
	mutex_lock(&dev->pm_mutex);
	dev->resetting = 1;
	mutex_lock(&rp_stuck);
	return 0; // want "lock-held-at-return: rp_pre_reset returns with rp_stuck held"
}

static int rp_post_reset(struct usb_interface *intf)
{
	struct rp_dev *dev = usb_get_intfdata(intf);

	dev->resetting = 0;
	mutex_unlock(&dev->pm_mutex);
	if (dev->resetting)
		mutex_unlock(&dev->pm_mutex); // want "unlock-unheld"
	mutex_unlock(&rp_never); // want "unlock-unheld"
	mutex_unlock(&rp_global);
	return 0;
}

static int rp_probe(struct usb_interface *intf, const struct usb_device_id *id)
{
	struct rp_dev *dev = kzalloc(sizeof(*dev), GFP_KERNEL);

	if (!dev)
		return -ENOMEM;
	mutex_init(&dev->pm_mutex);
	usb_set_intfdata(intf, dev);
	return 0;
}

static void rp_disconnect(struct usb_interface *intf)
{
	kfree(usb_get_intfdata(intf));
}

static const struct usb_device_id rp_ids[] = { { USB_DEVICE(0x1234, 0x5678) }, { } };

static struct usb_driver rp_driver = {
	.name = "rp",
	.probe = rp_probe,
	.disconnect = rp_disconnect,
	.pre_reset = rp_pre_reset,
	.post_reset = rp_post_reset,
	.id_table = rp_ids,
};
module_usb_driver(rp_driver);
MODULE_LICENSE("GPL");
