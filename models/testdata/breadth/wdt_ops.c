/*
 * breadth/wdt_ops.c - a port-I/O watchdog registered with the watchdog
 * core (watchdog_ops, watchdog_info, platform_device probe).
 */
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/watchdog.h>
#include <linux/platform_device.h>
#include <linux/spinlock.h>
#include <linux/io.h>
#include <linux/ioport.h>

#define WDT_IO_BASE 0x443
#define WDT_TIMEOUT 60

static bool nowayout = WATCHDOG_NOWAYOUT;
module_param(nowayout, bool, 0);
MODULE_PARM_DESC(nowayout, "Watchdog cannot be stopped once started");

static DEFINE_SPINLOCK(wdt_lock);
static unsigned int wdt_pings;

static int wdt_start(struct watchdog_device *wdd)
{
	spin_lock(&wdt_lock);
	outb_p(wdd->timeout, WDT_IO_BASE);
	spin_unlock(&wdt_lock);
	return 0;
}

static int wdt_stop(struct watchdog_device *wdd)
{
	spin_lock(&wdt_lock);
	outb_p(0, WDT_IO_BASE);
	spin_unlock(&wdt_lock);
	return 0;
}

static int wdt_ping(struct watchdog_device *wdd)
{
	unsigned long flags;

	spin_lock_irqsave(&wdt_lock, flags);
	outb_p(wdd->timeout, WDT_IO_BASE);
	wdt_pings++;
	spin_unlock_irqrestore(&wdt_lock, flags);
	return 0;
}

static int wdt_set_timeout(struct watchdog_device *wdd, unsigned int t)
{
	wdd->timeout = t;
	return wdt_ping(wdd);
}

static unsigned int wdt_get_timeleft(struct watchdog_device *wdd)
{
	return inb_p(WDT_IO_BASE);
}

static const struct watchdog_info wdt_info = {
	.options = WDIOF_SETTIMEOUT | WDIOF_KEEPALIVEPING | WDIOF_MAGICCLOSE,
	.identity = "whoop breadth watchdog",
};

static const struct watchdog_ops wdt_ops = {
	.owner = THIS_MODULE,
	.start = wdt_start,
	.stop = wdt_stop,
	.ping = wdt_ping,
	.set_timeout = wdt_set_timeout,
	.get_timeleft = wdt_get_timeleft,
};

static struct watchdog_device wdt_dev = {
	.info = &wdt_info,
	.ops = &wdt_ops,
	.timeout = WDT_TIMEOUT,
	.min_timeout = 1,
	.max_timeout = 255,
};

static int wdt_probe(struct platform_device *pdev)
{
	int ret;

	if (!devm_request_region(&pdev->dev, WDT_IO_BASE, 1, "wdt_ops"))
		return -EBUSY;
	watchdog_init_timeout(&wdt_dev, 0, &pdev->dev);
	watchdog_set_nowayout(&wdt_dev, nowayout);
	wdt_dev.parent = &pdev->dev;
	ret = watchdog_register_device(&wdt_dev);
	if (ret)
		dev_err(&pdev->dev, "cannot register watchdog (%d)\n", ret);
	return ret;
}

static int wdt_remove(struct platform_device *pdev)
{
	watchdog_unregister_device(&wdt_dev);
	return 0;
}

static void wdt_shutdown(struct platform_device *pdev)
{
	wdt_stop(&wdt_dev);
}

static struct platform_driver wdt_driver = {
	.probe = wdt_probe,
	.remove = wdt_remove,
	.shutdown = wdt_shutdown,
	.driver = {
		.name = "wdt_ops",
	},
};

module_platform_driver(wdt_driver);

MODULE_LICENSE("GPL");
