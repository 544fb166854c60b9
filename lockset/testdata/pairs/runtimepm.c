// Runtime PM callbacks of one device: suspend and resume exclude each
// other and themselves; idle excludes only itself. Rules: runtime-pm,
// runtime-idle.
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/pm.h>

static int r_state;

static int r_suspend(struct device *dev) { r_state = 0; return 0; }
static int r_resume(struct device *dev) { r_state = 1; return 0; }
static int r_idle(struct device *dev) { return r_state; }

static const struct dev_pm_ops r_pm = {
	SET_RUNTIME_PM_OPS(r_suspend, r_resume, r_idle)
};

static struct platform_driver r_driver = {
	.driver = { .name = "r", .pm = &r_pm },
};

// want pair "r_suspend r_suspend not-concurrent: runtime PM status"
// want pair "r_suspend r_resume not-concurrent: runtime PM status"
// want pair "r_suspend r_idle concurrent"
// want pair "r_resume r_resume not-concurrent: runtime PM status"
// want pair "r_resume r_idle concurrent"
// want pair "r_idle r_idle not-concurrent: idle_notification"
