// An interrupt handler requested in probe with
// devm_request_any_context_irq, and a resume that enable_irq()s the line
// its suspend disabled. enable_irq lets run only the handlers request_irq
// installed (models.RegAPI.Resumes): it does not make the handler callable
// before probe requests it, so probe's write of pk_cfg before the request
// races with nothing. request_any_context_irq returns IRQC_IS_NESTED (1)
// on success too: the write of pk_nested on that path races with the
// handler.
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/interrupt.h>
#include <linux/pm.h>

static int pk_irq, pk_cfg, pk_nested;

static irqreturn_t pk_handler(int irq, void *data)
{
	if (irq == pk_cfg + pk_nested) // want "race"
		return IRQ_HANDLED;
	return IRQ_NONE;
}

static int pk_probe(struct platform_device *pdev)
{
	int err;

	pk_irq = platform_get_irq(pdev, 0);
	if (pk_irq < 0)
		return pk_irq;
	pk_cfg = pk_irq + 1;
	err = devm_request_any_context_irq(&pdev->dev, pk_irq, pk_handler, 0, "pk", NULL);
	if (err < 0)
		return err;
	if (err == IRQC_IS_NESTED)
		pk_nested = 1; // want "race"
	return 0;
}

static int pk_suspend(struct device *dev)
{
	disable_irq(pk_irq);
	return 0;
}

static int pk_resume(struct device *dev)
{
	enable_irq(pk_irq);
	return 0;
}

static SIMPLE_DEV_PM_OPS(pk_pm, pk_suspend, pk_resume);

static struct platform_driver pk_driver = {
	.driver = { .name = "pk", .pm = &pk_pm },
	.probe = pk_probe,
};
module_platform_driver(pk_driver);
MODULE_LICENSE("GPL");
