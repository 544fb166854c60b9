// A platform driver not yet converted from .remove_new (Linux 6.3-6.12:
// the same union member as .remove) with a timer_setup timer (which 6.12
// turns into init_timer_key). Remove is the driver's exit, run under the
// device lock after probe, never beside it: cfg does not race. The timer's
// function never runs beside itself: ticks does not race. Only mode,
// which remove writes while the timer may still run, does.
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/timer.h>

static int mode, cfg, ticks;
static struct timer_list poll_timer;

static void poll_fn(struct timer_list *t)
{
	ticks++;
	if (mode) // want "race"
		ticks = 0;
}

static int rn_probe(struct platform_device *pdev)
{
	cfg = 1;
	mode = 1;
	timer_setup(&poll_timer, poll_fn, 0);
	mod_timer(&poll_timer, jiffies + HZ);
	return 0;
}

static void rn_remove(struct platform_device *pdev)
{
	cfg = 0;
	mode = 0; // want "race"
	del_timer_sync(&poll_timer);
}

static struct platform_driver rn_driver = {
	.probe = rn_probe,
	.remove_new = rn_remove,
	.driver = { .name = "removenew" },
};
module_platform_driver(rn_driver);
MODULE_LICENSE("GPL");
