/* devm_kfree(dev, p) frees p (drivers/base/devres.c: devres_destroy of
 * the devm_kmalloc block at p) and leaves the device alone: its devres
 * list changes under dev->devres_lock inside the kernel. So the store's
 * free races with show's read of the buffer, and of nothing in the
 * struct device (show's dev->id). */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/device.h>
#include <linux/slab.h>

struct dk_priv {
	char *buf;
};

static ssize_t val_show(struct device *dev, struct device_attribute *attr, char *out)
{
	struct dk_priv *p = dev_get_drvdata(dev);

	return sprintf(out, "%u %d\n", dev->id, p->buf[0]); // want "read p->buf\[0\] by val_show races with write devm_kfree\(p->buf\) by val_store"
}

static ssize_t val_store(struct device *dev, struct device_attribute *attr, const char *in, size_t n)
{
	struct dk_priv *p = dev_get_drvdata(dev);

	devm_kfree(dev, p->buf); // want "write devm_kfree\(p->buf\) by val_store races with (read|write) .* by val_(show|store)"
	return n;
}
static DEVICE_ATTR_RW(val);

static int dk_probe(struct platform_device *pdev)
{
	struct dk_priv *p = devm_kzalloc(&pdev->dev, sizeof(*p), GFP_KERNEL);

	if (!p)
		return -ENOMEM;
	p->buf = devm_kzalloc(&pdev->dev, 16, GFP_KERNEL);
	if (!p->buf)
		return -ENOMEM;
	platform_set_drvdata(pdev, p);
	return device_create_file(&pdev->dev, &dev_attr_val);
}

static struct platform_driver dk_driver = {
	.driver = { .name = "devm_kfree" },
	.probe = dk_probe,
};
module_platform_driver(dk_driver);
MODULE_LICENSE("GPL");
