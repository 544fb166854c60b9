// A platform driver with a void remove (Linux 6.11 on) whose probe
// registers a watchdog with devm_watchdog_register_device: the watchdog
// core serialises the ops under wdd->lock (set_pretimeout included) but
// not start and ping, which watchdog_open calls without it while the
// keepalive worker pings under it (set_pretimeout, from an open file's
// ioctl, cannot overlap the single open); remove runs before the devm
// unregistration, concurrently with them all.
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/watchdog.h>

struct pdog {
	struct watchdog_device wdd;
	int hits;
};
static int started;

static int pdog_start(struct watchdog_device *wdd)
{
	struct pdog *p = watchdog_get_drvdata(wdd);

	p->hits++; // want "race"
	started = 1; // want "race"
	return 0;
}

static int pdog_stop(struct watchdog_device *wdd)
{
	started = 0; // want "race"
	return 0;
}

static int pdog_ping(struct watchdog_device *wdd)
{
	struct pdog *p = watchdog_get_drvdata(wdd);

	p->hits++; // want "race"
	return 0;
}

static int pdog_set_pretimeout(struct watchdog_device *wdd, unsigned int t)
{
	struct pdog *p = watchdog_get_drvdata(wdd);

	p->hits++;
	wdd->pretimeout = t;
	return 0;
}

static const struct watchdog_info pdog_info = {
	.options = WDIOF_KEEPALIVEPING | WDIOF_PRETIMEOUT, .identity = "pdog",
};
static const struct watchdog_ops pdog_ops = {
	.owner = THIS_MODULE, .start = pdog_start, .stop = pdog_stop, .ping = pdog_ping,
	.set_pretimeout = pdog_set_pretimeout,
};

static int pdog_probe(struct platform_device *pdev)
{
	struct pdog *p = devm_kzalloc(&pdev->dev, sizeof(*p), GFP_KERNEL);

	if (!p)
		return -ENOMEM;
	p->wdd.info = &pdog_info;
	p->wdd.ops = &pdog_ops;
	watchdog_set_drvdata(&p->wdd, p);
	platform_set_drvdata(pdev, p);
	return devm_watchdog_register_device(&pdev->dev, &p->wdd);
}

static void pdog_remove(struct platform_device *pdev)
{
	started = 0; // want "race"
}

static struct platform_driver pdog_driver = {
	.probe = pdog_probe,
	.remove = pdog_remove,
	.driver = { .name = "pdog" },
};
module_platform_driver(pdog_driver);
MODULE_LICENSE("GPL");
