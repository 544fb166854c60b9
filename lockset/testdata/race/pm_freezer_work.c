/* System sleep freezes the freezable workqueues (rule pm-freezer-work):
 * freeze_kernel_threads waits for their work in flight and holds the rest
 * until thaw_processes, after the last system-sleep callback. A work item
 * only ever queued on system_freezable_wq never runs beside suspend; one
 * also queued on the system workqueue (schedule_work) still does. */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/interrupt.h>
#include <linux/workqueue.h>
#include <linux/pm.h>

static int media, events;
static struct work_struct frozen_work, live_work;

static void frozen_fn(struct work_struct *w)
{
	media = 1;
}

static void live_fn(struct work_struct *w)
{
	events = 1; // want "write events by live_fn races with read events by fr_suspend"
}

static irqreturn_t fr_irq(int irq, void *data)
{
	queue_work(system_freezable_wq, &frozen_work);
	queue_work(system_freezable_wq, &live_work);
	schedule_work(&live_work);
	return IRQ_HANDLED;
}

static int fr_suspend(struct device *dev)
{
	return media + events; // want "read events by fr_suspend races with write events by live_fn"
}

static const struct dev_pm_ops fr_pm = { .suspend = fr_suspend };

static int fr_probe(struct platform_device *pdev)
{
	INIT_WORK(&frozen_work, frozen_fn);
	INIT_WORK(&live_work, live_fn);
	return request_irq(5, fr_irq, 0, "fr", NULL);
}

static struct platform_driver fr_driver = {
	.driver = { .name = "fr", .pm = &fr_pm },
	.probe = fr_probe,
};
module_platform_driver(fr_driver);
MODULE_LICENSE("GPL");
