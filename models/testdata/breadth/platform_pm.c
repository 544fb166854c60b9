/*
 * breadth/platform_pm.c - a platform LED controller with system-sleep and
 * runtime power management (SIMPLE_DEV_PM_OPS-style dev_pm_ops, sysfs).
 */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/pm.h>
#include <linux/pm_runtime.h>
#include <linux/io.h>
#include <linux/mutex.h>
#include <linux/of.h>
#include <linux/slab.h>

#define LEDC_REG_BRIGHTNESS 0x00

struct ledc {
	void __iomem *regs;
	struct mutex lock;
	u32 brightness;
	u32 saved_brightness;
};

static ssize_t brightness_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct ledc *ledc = dev_get_drvdata(dev);
	u32 value;

	mutex_lock(&ledc->lock);
	value = ledc->brightness;
	mutex_unlock(&ledc->lock);
	return sprintf(buf, "%u\n", value);
}

static ssize_t brightness_store(struct device *dev, struct device_attribute *attr, const char *buf,
				size_t count)
{
	struct ledc *ledc = dev_get_drvdata(dev);
	unsigned long value;
	int ret;

	ret = kstrtoul(buf, 0, &value);
	if (ret)
		return ret;
	pm_runtime_get_sync(dev);
	mutex_lock(&ledc->lock);
	ledc->brightness = value;
	writel(value, ledc->regs + LEDC_REG_BRIGHTNESS);
	mutex_unlock(&ledc->lock);
	pm_runtime_put(dev);
	return count;
}

static DEVICE_ATTR_RW(brightness);

static int ledc_suspend(struct device *dev)
{
	struct ledc *ledc = dev_get_drvdata(dev);

	mutex_lock(&ledc->lock);
	ledc->saved_brightness = ledc->brightness;
	writel(0, ledc->regs + LEDC_REG_BRIGHTNESS);
	mutex_unlock(&ledc->lock);
	return 0;
}

static int ledc_resume(struct device *dev)
{
	struct ledc *ledc = dev_get_drvdata(dev);

	mutex_lock(&ledc->lock);
	ledc->brightness = ledc->saved_brightness;
	writel(ledc->brightness, ledc->regs + LEDC_REG_BRIGHTNESS);
	mutex_unlock(&ledc->lock);
	return 0;
}

static SIMPLE_DEV_PM_OPS(ledc_pm_ops, ledc_suspend, ledc_resume);

static int ledc_probe(struct platform_device *pdev)
{
	struct ledc *ledc;
	struct resource *res;

	ledc = devm_kzalloc(&pdev->dev, sizeof(*ledc), GFP_KERNEL);
	if (!ledc)
		return -ENOMEM;
	res = platform_get_resource(pdev, IORESOURCE_MEM, 0);
	ledc->regs = devm_ioremap_resource(&pdev->dev, res);
	if (IS_ERR(ledc->regs))
		return PTR_ERR(ledc->regs);
	mutex_init(&ledc->lock);
	platform_set_drvdata(pdev, ledc);
	pm_runtime_enable(&pdev->dev);
	return device_create_file(&pdev->dev, &dev_attr_brightness);
}

static int ledc_remove(struct platform_device *pdev)
{
	device_remove_file(&pdev->dev, &dev_attr_brightness);
	pm_runtime_disable(&pdev->dev);
	return 0;
}

static const struct of_device_id ledc_of_match[] = {
	{ .compatible = "whoop,ledc" },
	{ }
};
MODULE_DEVICE_TABLE(of, ledc_of_match);

static struct platform_driver ledc_driver = {
	.probe = ledc_probe,
	.remove = ledc_remove,
	.driver = {
		.name = "ledc",
		.of_match_table = ledc_of_match,
		.pm = &ledc_pm_ops,
	},
};

module_platform_driver(ledc_driver);

MODULE_LICENSE("GPL");
