// Runtime PM of a platform device starts disabled and the platform core
// does not enable it: the PM core calls the driver's runtime callbacks
// only after its pm_runtime_enable, and none after pm_runtime_disable
// returns. The probe's write before the enable and the remove's after the
// disable race with nothing; the writes in between race with the
// callbacks that read them.
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/pm_runtime.h>

static int rp_cfg, rp_late;

static int rp_runtime_suspend(struct device *dev)
{
	return rp_cfg + rp_late; // want "race"
}

static int rp_runtime_resume(struct device *dev)
{
	return rp_cfg - rp_late; // want "race"
}

static const struct dev_pm_ops rp_pm = {
	RUNTIME_PM_OPS(rp_runtime_suspend, rp_runtime_resume, NULL)
};

static int rp_probe(struct platform_device *pdev)
{
	rp_cfg = 3;
	pm_runtime_enable(&pdev->dev);
	rp_late = 1; // want "race"
	return 0;
}

static void rp_remove(struct platform_device *pdev)
{
	rp_late = 0; // want "race"
	pm_runtime_disable(&pdev->dev);
	rp_cfg = 0;
}

static struct platform_driver rp_driver = {
	.driver = { .name = "rp", .pm = pm_ptr(&rp_pm) },
	.probe = rp_probe,
	.remove_new = rp_remove,
};
module_platform_driver(rp_driver);
MODULE_LICENSE("GPL");
