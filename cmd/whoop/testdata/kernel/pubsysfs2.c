// Registrations that create sysfs files from groups the driver hands
// them: misc_register (miscdevice.groups), class_register (class_groups)
// and device_create (the class's dev_groups). The files' show callbacks
// run from those calls on, not only from the probe's later
// sysfs_create_group: whoop used to take class sysfs for unpublished
// until sysfs_create_group and missed the races of g_mid and g_late.
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/device.h>
#include <linux/miscdevice.h>
#include <linux/fs.h>
#include <linux/sysfs.h>

static int g_pre, g_mid, g_late;

static ssize_t m_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	return sprintf(buf, "%d\n", g_pre + g_mid + g_late); // want "race"
}
static DEVICE_ATTR_RO(m);
static struct attribute *m_attrs[] = { &dev_attr_m.attr, NULL };
ATTRIBUTE_GROUPS(m);

static ssize_t d_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	return sprintf(buf, "%d\n", g_pre - g_late); // want "race"
}
static DEVICE_ATTR_RO(d);
static struct attribute *d_attrs[] = { &dev_attr_d.attr, NULL };
ATTRIBUTE_GROUPS(d);

static ssize_t mode_show(const struct class *c, const struct class_attribute *attr, char *buf)
{
	return sprintf(buf, "%d\n", g_pre * g_late); // want "race"
}
static CLASS_ATTR_RO(mode);
static struct attribute *g_class_attrs[] = { &class_attr_mode.attr, NULL };
ATTRIBUTE_GROUPS(g_class);

static const struct class g_class = { .name = "g", .dev_groups = d_groups, .class_groups = g_class_groups };

static const struct file_operations g_fops = { .owner = THIS_MODULE };
static struct miscdevice g_misc = { .minor = MISC_DYNAMIC_MINOR, .name = "g", .fops = &g_fops, .groups = m_groups };

static ssize_t val_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	return sprintf(buf, "%d\n", 1);
}
static DEVICE_ATTR_RO(val);
static struct attribute *g_attrs[] = { &dev_attr_val.attr, NULL };
static const struct attribute_group g_group = { .attrs = g_attrs };

static int g_probe(struct platform_device *pdev)
{
	int err;

	g_pre = 1;
	err = misc_register(&g_misc);
	if (err)
		return err;
	g_mid = 2; // want "race"
	err = class_register(&g_class);
	if (err)
		return err;
	if (IS_ERR(device_create(&g_class, &pdev->dev, 0, NULL, "g0")))
		return -ENODEV;
	g_late = 3; // want "race"
	return sysfs_create_group(&pdev->dev.kobj, &g_group);
}

static struct platform_driver g_driver = {
	.driver = { .name = "g" },
	.probe = g_probe,
};
module_platform_driver(g_driver);
MODULE_LICENSE("GPL");
