// A platform driver whose dev_groups attributes are also listed in other
// arrays (ad525x_dpot.c's dpot_attrib_wipers): is_visible only compares
// its argument with the entries of wipers, which lets no attribute out,
// so level's and mode's show, and the group's is_visible, run only while
// the device is bound (really_probe adds the groups after probe,
// device_add_groups -> create_files calls is_visible): probe's writes
// race with none of them. extra is also in sysfs_extra, which probe hands
// to sysfs_create_files: its show runs as soon as that call returns, and
// races with probe's write after it.
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/slab.h>
#include <linux/device.h>
#include <linux/sysfs.h>

struct dg2 {
	int level, mode, extra, shown;
};

static ssize_t level_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct dg2 *p = dev_get_drvdata(dev);

	return sprintf(buf, "%d\n", p->level);
}
static DEVICE_ATTR_RO(level);

static ssize_t mode_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct dg2 *p = dev_get_drvdata(dev);

	return sprintf(buf, "%d\n", p->mode);
}
static DEVICE_ATTR_RO(mode);

static ssize_t extra_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct dg2 *p = dev_get_drvdata(dev);

	return sprintf(buf, "%d\n", p->extra); // want "race"
}
static DEVICE_ATTR_RO(extra);

static const struct attribute *wipers[] = { &dev_attr_level.attr, NULL };
static const struct attribute *sysfs_extra[] = { &dev_attr_extra.attr, NULL };

static umode_t dg2_visible(struct kobject *kobj, struct attribute *attr, int n)
{
	struct dg2 *p = dev_get_drvdata(kobj_to_dev(kobj));
	int i;

	for (i = 0; wipers[i]; i++)
		if (attr == wipers[i])
			return p->mode ? attr->mode : 0;
	return attr->mode;
}

static struct attribute *dg2_attrs[] = { &dev_attr_level.attr, &dev_attr_mode.attr, &dev_attr_extra.attr, NULL };
static const struct attribute_group dg2_group = { .attrs = dg2_attrs, .is_visible = dg2_visible };
static const struct attribute_group *dg2_groups[] = { &dg2_group, NULL };

static int dg2_probe(struct platform_device *pdev)
{
	struct dg2 *p = devm_kzalloc(&pdev->dev, sizeof(*p), GFP_KERNEL);
	int err;

	if (!p)
		return -ENOMEM;
	platform_set_drvdata(pdev, p);
	p->level = 1;
	p->mode = 1;
	err = sysfs_create_files(&pdev->dev.kobj, sysfs_extra);
	p->extra = 1; // want "race"
	return err;
}

static struct platform_driver dg2_driver = {
	.driver = { .name = "dg2", .dev_groups = dg2_groups },
	.probe = dg2_probe,
};
module_platform_driver(dg2_driver);

MODULE_LICENSE("GPL");
