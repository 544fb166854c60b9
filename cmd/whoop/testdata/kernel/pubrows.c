// Registrations that publish callbacks whoop used to take for callable at
// any time: a console (register_console), the extra attribute groups of
// hwmon_device_register_with_info, a PCA9564 adapter's algorithm data
// (i2c_pca_add_numbered_bus), an ACPI fixed event handler and a generic
// interrupt chip (devm_irq_setup_generic_chip). The probe's write of
// pr_cfg before them races with nothing, its write of pr_late after them
// with every callback that reads it.
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/console.h>
#include <linux/hwmon.h>
#include <linux/hwmon-sysfs.h>
#include <linux/i2c.h>
#include <linux/i2c-algo-pca.h>
#include <linux/acpi.h>
#include <linux/irq.h>

static int pr_cfg, pr_late;

static void pr_con_write(struct console *co, const char *s, unsigned int n)
{
	if (pr_cfg == pr_late) // want "race"
		pr_info("pr: %u\n", n);
}

static struct console pr_con = { .name = "pr", .write = pr_con_write, .flags = CON_PRINTBUFFER, .index = -1 };

static ssize_t level_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	return sprintf(buf, "%d\n", pr_cfg + pr_late); // want "race"
}
static DEVICE_ATTR_RO(level);

static struct attribute *pr_attrs[] = { &dev_attr_level.attr, NULL };
ATTRIBUTE_GROUPS(pr);

static umode_t pr_visible(const void *data, enum hwmon_sensor_types type, u32 attr, int channel)
{
	return 0444;
}

static int pr_hwmon_read(struct device *dev, enum hwmon_sensor_types type, u32 attr, int channel, long *val)
{
	*val = pr_cfg - pr_late; // want "race"
	return 0;
}

static const struct hwmon_channel_info *const pr_info[] = { HWMON_CHANNEL_INFO(temp, HWMON_T_INPUT), NULL };
static const struct hwmon_ops pr_hwmon_ops = { .is_visible = pr_visible, .read = pr_hwmon_read };
static const struct hwmon_chip_info pr_chip = { .ops = &pr_hwmon_ops, .info = pr_info };

static int pr_read_byte(void *data, int reg)
{
	return pr_cfg * pr_late; // want "race"
}

static void pr_write_byte(void *data, int reg, int val)
{
}

static int pr_wait(void *data)
{
	return 0;
}

static struct i2c_algo_pca_data pr_pca = { .read_byte = pr_read_byte, .write_byte = pr_write_byte,
	.wait_for_completion = pr_wait, .i2c_clock = 59000 };
static struct i2c_adapter pr_adap = { .owner = THIS_MODULE, .name = "pr", .algo_data = &pr_pca, .nr = 3 };

static u32 pr_event(void *context)
{
	return pr_cfg | pr_late; // want "race"
}

static void pr_irq_mask(struct irq_data *d)
{
	if (pr_cfg & pr_late) // want "race"
		pr_info("pr: %lu\n", d->hwirq);
}

static int pr_probe(struct platform_device *pdev)
{
	struct irq_chip_generic *gc;
	struct device *hw;
	int err;

	pr_cfg = 7;
	register_console(&pr_con);
	hw = devm_hwmon_device_register_with_info(&pdev->dev, "pr", NULL, &pr_chip, pr_groups);
	if (IS_ERR(hw))
		return PTR_ERR(hw);
	err = i2c_pca_add_numbered_bus(&pr_adap);
	if (err)
		return err;
	if (acpi_install_fixed_event_handler(ACPI_EVENT_RTC, pr_event, NULL))
		return -ENODEV;
	gc = devm_irq_alloc_generic_chip(&pdev->dev, "pr", 1, 64, NULL, handle_simple_irq);
	if (!gc)
		return -ENOMEM;
	gc->chip_types[0].chip.irq_mask = pr_irq_mask;
	err = devm_irq_setup_generic_chip(&pdev->dev, gc, IRQ_MSK(8), IRQ_GC_INIT_MASK_CACHE, IRQ_NOREQUEST, 0);
	if (err)
		return err;
	pr_late = 1; // want "race"
	return 0;
}

static struct platform_driver pr_driver = {
	.driver = { .name = "pr" },
	.probe = pr_probe,
};
module_platform_driver(pr_driver);
MODULE_LICENSE("GPL");
