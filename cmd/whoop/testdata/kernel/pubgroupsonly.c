// platform_device_add creates the sysfs files of groups the driver set in
// the device (dev.groups, its type's, its class's dev_groups); this driver
// sets none, so the files whose show reads s_x exist only from probe's
// sysfs_create_group on, although module init adds the platform device
// first (models.RegAPI.GroupsOnly). The write of s_y after the group is
// created races.
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/device.h>
#include <linux/sysfs.h>

static int s_x, s_y;
static struct platform_device *s_pdev;

static ssize_t lvl_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	return sprintf(buf, "%d\n", s_x + s_y); // want "race"
}
static DEVICE_ATTR_RO(lvl);
static struct attribute *s_attrs[] = { &dev_attr_lvl.attr, NULL };
static const struct attribute_group s_group = { .attrs = s_attrs };

static int s_probe(struct platform_device *pdev)
{
	int err;

	s_x = 1;
	err = sysfs_create_group(&pdev->dev.kobj, &s_group);
	if (err)
		return err;
	s_y = 1; // want "race"
	return 0;
}

static struct platform_driver s_driver = {
	.driver = { .name = "s" },
	.probe = s_probe,
};

static int __init s_init(void)
{
	int err;

	s_pdev = platform_device_alloc("s", 0);
	if (!s_pdev)
		return -ENOMEM;
	err = platform_device_add(s_pdev);
	if (err)
		return err;
	return platform_driver_register(&s_driver);
}

static void __exit s_exit(void)
{
	platform_driver_unregister(&s_driver);
	platform_device_unregister(s_pdev);
}
module_init(s_init);
module_exit(s_exit);
MODULE_LICENSE("GPL");
