// Nested and embedded ops structs: a platform driver's PM operations
// (SIMPLE_DEV_PM_OPS through .driver.pm) belong to the platform driver;
// an ACPI driver embeds its acpi_device_ops; a dev_pm_ops nobody points to
// stays on its own; an array holds two drivers. A function in two ops
// variables is one entry point, of no one variable (no one device_lock).
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/pm.h>
#include <linux/acpi.h>

static int n_suspend(struct device *dev) // want entry "entry platform_driver.driver.pm.suspend var=n_driver" entry "entry platform_driver.driver.pm.freeze var=n_driver" entry "entry platform_driver.driver.pm.poweroff var=n_driver"
{
	return 0;
}

static int n_resume(struct device *dev) // want entry "entry platform_driver.driver.pm.resume var=n_driver" entry "entry platform_driver.driver.pm.thaw var=n_driver" entry "entry platform_driver.driver.pm.restore var=n_driver"
{
	return 0;
}

static SIMPLE_DEV_PM_OPS(n_pm, n_suspend, n_resume);

static int n_probe(struct platform_device *pdev) // want entry "init platform_driver.probe"
{
	return 0;
}

static int n_remove(struct platform_device *pdev) // want entry "exit platform_driver.remove var=n_driver"
{
	return 0;
}

static struct platform_driver n_driver = {
	.driver = { .name = "nested", .pm = &n_pm },
	.probe = n_probe,
	.remove = n_remove,
};

static struct platform_driver n_drivers[2] = {
	[1] = { .probe = n_probe },
};

static int n_idle(struct device *dev) // want entry "entry dev_pm_ops.runtime_idle var=lonely_pm"
{
	return 0;
}

static const struct dev_pm_ops lonely_pm = { .runtime_idle = n_idle };

static int n_add(struct acpi_device *adev) // want entry "init acpi_driver.ops.add var=n_acpi"
{
	return 0;
}

static int n_acpi_remove(struct acpi_device *adev) // want entry "exit acpi_driver.ops.remove var=n_acpi"
{
	return 0;
}

static struct acpi_driver n_acpi = {
	.name = "nested",
	.ops = { .add = n_add, .remove = n_acpi_remove },
};
