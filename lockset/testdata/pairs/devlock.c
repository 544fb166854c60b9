// A platform driver's probe, remove and shutdown and its system-sleep PM
// callbacks (through .driver.pm) hold device_lock of one device and run
// phase by phase; a second driver's probe is another device, but no probe
// runs during system sleep. Rules: device-lock, pm-phases, pm-freezer.
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/pm.h>

static int d_state;

static int d_probe(struct platform_device *pdev) { d_state = 1; return 0; }
static int d_remove(struct platform_device *pdev) { d_state = 0; return 0; }
static void d_shutdown(struct platform_device *pdev) { d_state = 2; }
static int d_suspend(struct device *dev) { d_state = 3; return 0; }
static int d_noirq(struct device *dev) { d_state = 4; return 0; }

static const struct dev_pm_ops d_pm = {
	.suspend = d_suspend,
	.suspend_noirq = d_noirq,
};

static struct platform_driver d_driver = {
	.driver = { .name = "d", .pm = &d_pm },
	.probe = d_probe,
	.remove = d_remove,
	.shutdown = d_shutdown,
};

static int e_probe(struct platform_device *pdev) { d_state = 5; return 0; }

static struct platform_driver e_driver = {
	.driver = { .name = "e" },
	.probe = e_probe,
};

// want pair "d_probe d_probe not-concurrent: device_lock"
// want pair "d_probe d_remove not-concurrent: device_lock"
// want pair "d_probe d_shutdown not-concurrent: device_lock"
// want pair "d_probe d_suspend not-concurrent: device_lock"
// want pair "d_probe d_noirq not-concurrent: device_block_probing"
// want pair "d_probe e_probe concurrent"
// want pair "d_remove d_remove not-concurrent: device_lock"
// want pair "d_remove d_shutdown not-concurrent: device_lock"
// want pair "d_remove d_suspend not-concurrent: device_lock"
// want pair "d_remove d_noirq concurrent"
// want pair "d_remove e_probe concurrent"
// want pair "d_shutdown d_shutdown not-concurrent: device_lock"
// want pair "d_shutdown d_suspend not-concurrent: device_lock"
// want pair "d_shutdown d_noirq concurrent"
// want pair "d_shutdown e_probe concurrent"
// want pair "d_suspend d_suspend not-concurrent: device_lock"
// want pair "d_suspend d_noirq not-concurrent: phase after phase"
// want pair "d_suspend e_probe not-concurrent: device_block_probing"
// want pair "d_noirq d_noirq not-concurrent: phase after phase"
// want pair "d_noirq e_probe not-concurrent: device_block_probing"
// want pair "e_probe e_probe not-concurrent: device_lock"
