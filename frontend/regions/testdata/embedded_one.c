/* A struct embedded in one container only (the driver's struct wdt holds
 * its struct watchdog_device and hands &w->wdd to the kernel): the
 * canonical struct watchdog_device the ops receive is those bytes, and its
 * regions are named where they are embedded, as before views existed. */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/watchdog.h>
#include <linux/slab.h>

struct wdt {
	int hw;
	struct watchdog_device wdd;
};

static int wdt_start(struct watchdog_device *wdd)
{
	struct wdt *w = watchdog_get_drvdata(wdd);
	wdd->timeout = 5;                          // want region "struct wdt.wdd.timeout"
	w->hw = 1;                                 // want region "struct wdt.hw"
	return 0;
}

static const struct watchdog_ops wdt_ops = {
	.start = wdt_start,
};

static int wdt_probe(struct platform_device *pdev)
{
	struct wdt *w = kzalloc(sizeof(*w), GFP_KERNEL);
	if (!w)
		return -ENOMEM;
	w->wdd.ops = &wdt_ops;                     // want region "struct wdt.wdd.ops"
	w->wdd.timeout = 1;                        // want region "struct wdt.wdd.timeout"
	watchdog_set_drvdata(&w->wdd, w);
	return watchdog_register_device(&w->wdd);
}

static struct platform_driver wdt_driver = {
	.driver = { .name = "wdt" },
	.probe = wdt_probe,
};
module_platform_driver(wdt_driver);
MODULE_LICENSE("GPL");
