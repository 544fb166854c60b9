// remove cancels the work, then resets what the work counts, and frees the
// interrupt only after that: the handler can queue the work again in
// between, so the reset races with the work. Against 6.12's headers
// (devm_request_irq would hold the interrupt past remove; request_irq and
// free_irq make the order explicit). lockset/testdata/race's
// requeue_after_cancel.c is the same bug against the bundled models.
#include <linux/module.h>
#include <linux/interrupt.h>
#include <linux/workqueue.h>
#include <linux/platform_device.h>

struct rq_priv {
	struct work_struct work;
	int irq;
	int count;
};

static void rq_work(struct work_struct *work)
{
	struct rq_priv *p = container_of(work, struct rq_priv, work);

	p->count++; // want "race"
}

static irqreturn_t rq_irq(int irq, void *data)
{
	struct rq_priv *p = data;

	schedule_work(&p->work);
	return IRQ_HANDLED;
}

static int rq_probe(struct platform_device *pdev)
{
	struct rq_priv *p = devm_kzalloc(&pdev->dev, sizeof(*p), GFP_KERNEL);

	if (!p)
		return -ENOMEM;
	INIT_WORK(&p->work, rq_work);
	p->irq = platform_get_irq(pdev, 0);
	platform_set_drvdata(pdev, p);
	return request_irq(p->irq, rq_irq, 0, "rq", p);
}

static void rq_remove(struct platform_device *pdev)
{
	struct rq_priv *p = platform_get_drvdata(pdev);

	cancel_work_sync(&p->work);
	p->count = 0; // want "race"
	free_irq(p->irq, p);
}

static struct platform_driver rq_driver = {
	.probe = rq_probe,
	.remove = rq_remove,
	.driver = { .name = "rq" },
};
module_platform_driver(rq_driver);
MODULE_LICENSE("GPL");
