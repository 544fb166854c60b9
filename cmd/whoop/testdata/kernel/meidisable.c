// The MEI client bus runs a driver's rx and notification callbacks only
// from the works mei_cldev_register_rx_cb and mei_cldev_register_notif_cb
// set up, and mei_cldev_disable cancels them (cancel_work_sync): the
// remove's free after it races with neither, its write before it with
// both. The probe and remove are the bus driver's, under device_lock.
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/mei_cl_bus.h>

struct md_priv {
	int state;
	int *buf;
};

static void md_rx(struct mei_cl_device *cldev)
{
	struct md_priv *p = mei_cldev_get_drvdata(cldev);

	if (p->state) // want "race"
		pr_info("md: %d\n", p->buf[0]);
}

static void md_notif(struct mei_cl_device *cldev)
{
	struct md_priv *p = mei_cldev_get_drvdata(cldev);

	if (p->state > 1) // want "race"
		pr_info("md: %d\n", p->buf[1]);
}

static int md_probe(struct mei_cl_device *cldev, const struct mei_cl_device_id *id)
{
	struct md_priv *p = devm_kzalloc(&cldev->dev, sizeof(*p), GFP_KERNEL);
	int ret;

	if (!p)
		return -ENOMEM;
	p->buf = kcalloc(2, sizeof(int), GFP_KERNEL);
	if (!p->buf)
		return -ENOMEM;
	mei_cldev_set_drvdata(cldev, p);
	ret = mei_cldev_enable(cldev);
	if (ret)
		goto out;
	ret = mei_cldev_register_rx_cb(cldev, md_rx);
	if (ret)
		goto out;
	ret = mei_cldev_register_notif_cb(cldev, md_notif);
	if (ret)
		goto out;
	return 0;
out:
	mei_cldev_disable(cldev);
	return ret;
}

static void md_remove(struct mei_cl_device *cldev)
{
	struct md_priv *p = mei_cldev_get_drvdata(cldev);

	p->state = 2; // want "race"
	mei_cldev_disable(cldev);
	kfree(p->buf);
}

static const struct mei_cl_device_id md_tbl[] = {
	{ .uuid = UUID_LE(0x05B79A6F, 0x4628, 0x4D7F, 0x89, 0x9D, 0xA9, 0x15, 0x14, 0xCB, 0x32, 0xAB),
	  .version = MEI_CL_VERSION_ANY },
	{ }
};

static struct mei_cl_driver md_driver = {
	.id_table = md_tbl,
	.name = "md",
	.probe = md_probe,
	.remove = md_remove,
};
module_mei_cl_driver(md_driver);
MODULE_LICENSE("GPL");
