/* A driver's own PM callback runs only on the bound device, and
 * device_lock keeps its resume from running beside its probe: what resume
 * publishes (it queues the work) is not callable during the probe, so the
 * work races only with probe's stores after request_irq, whose handler
 * queues it too (lockset keptFromProbe). */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/interrupt.h>
#include <linux/workqueue.h>
#include <linux/slab.h>
#include <linux/pm.h>

struct rp {
	struct work_struct work;
	int irq, base, late;
};

static struct rp *rp_dev;

static void rp_work(struct work_struct *w)
{
	struct rp *rp = container_of(w, struct rp, work);

	rp->late += rp->base; // want "(read|write) rp->late by rp_work races with write rp->late by rp_probe"
}

static irqreturn_t rp_isr(int irq, void *data)
{
	struct rp *rp = data;

	schedule_work(&rp->work);
	return IRQ_HANDLED;
}

static int rp_resume(struct device *dev)
{
	struct rp *rp = dev_get_drvdata(dev);

	schedule_work(&rp->work);
	return 0;
}

static const struct dev_pm_ops rp_pm = { .resume = rp_resume };

static int rp_probe(struct platform_device *pdev)
{
	struct rp *rp = devm_kzalloc(&pdev->dev, sizeof(*rp), GFP_KERNEL);
	int err;

	if (!rp)
		return -ENOMEM;
	platform_set_drvdata(pdev, rp);
	rp_dev = rp;
	INIT_WORK(&rp->work, rp_work);
	rp->irq = platform_get_irq(pdev, 0);
	rp->base = 4;
	err = request_irq(rp->irq, rp_isr, 0, "rp", rp);
	if (err)
		return err;
	rp->late = 1; // want "write rp->late by rp_probe races with (read|write) rp->late by rp_work"
	return 0;
}

static struct platform_driver rp_driver = {
	.driver = { .name = "rp", .pm = &rp_pm },
	.probe = rp_probe,
};
module_platform_driver(rp_driver);
MODULE_LICENSE("GPL");
