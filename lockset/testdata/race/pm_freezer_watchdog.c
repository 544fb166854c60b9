/* System sleep freezes user space (rule pm-freezer-watchdog): the
 * watchdog core calls a watchdog_ops' .start only from watchdog_start
 * (watchdog_open, WDIOC_SETOPTIONS: a user task) when the ops have a
 * .ping, so .start never runs beside the system-sleep callbacks. .ping
 * is called by the core's ping worker, a kthread that is not frozen: its
 * accesses still race with suspend's. */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/watchdog.h>
#include <linux/pm.h>

static int hw_timeout, pings;

static int fw_start(struct watchdog_device *wdd)
{
	hw_timeout = wdd->timeout;
	return 0;
}

static int fw_ping(struct watchdog_device *wdd)
{
	pings++; // want "(read|write) pings by fw_ping races with (read|write) pings by fw_(ping|suspend)" "write pings by fw_ping races with (read|write) pings by fw_ping"
	return 0;
}

static int fw_stop(struct watchdog_device *wdd)
{
	return 0;
}

static const struct watchdog_ops fw_ops = {
	.owner = THIS_MODULE,
	.start = fw_start,
	.ping = fw_ping,
	.stop = fw_stop,
};

static struct watchdog_device fw_wdd = { .ops = &fw_ops, .timeout = 30 };

static int fw_suspend(struct device *dev)
{
	return hw_timeout + pings; // want "read pings by fw_suspend races with write pings by fw_ping"
}

static const struct dev_pm_ops fw_pm = { .suspend = fw_suspend };

static int fw_probe(struct platform_device *pdev)
{
	return watchdog_register_device(&fw_wdd);
}

static struct platform_driver fw_driver = {
	.driver = { .name = "fw", .pm = &fw_pm },
	.probe = fw_probe,
};
module_platform_driver(fw_driver);
MODULE_LICENSE("GPL");
