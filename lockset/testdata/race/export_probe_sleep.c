/* An exported probe helper runs in its caller's bus probe, and system
 * sleep blocks probing (rule pm-freezer-export, assumptions export-probe
 * and freezer): es_probe_helper, which alone requests the interrupt, runs
 * beside no system-sleep callback, even after its registration. es_reset,
 * another exported function, publishes nothing and may run at any time:
 * its write races with suspend; so does the interrupt handler's. */
#include <linux/module.h>
#include <linux/export.h>
#include <linux/interrupt.h>
#include <linux/platform_device.h>
#include <linux/pm.h>

static int es_mode, es_cfg, es_count;

static irqreturn_t es_isr(int irq, void *dev_id)
{
	es_count++; // want "write es_count by es_isr races with (read|write) es_count by (es_isr|es_suspend)"
	return IRQ_HANDLED;
}

int es_probe_helper(int irq)
{
	int ret;

	ret = request_irq(irq, es_isr, 0, "es", NULL);
	if (ret)
		return ret;
	es_mode = 1; // want "write es_mode by es_probe_helper races with write es_mode by es_probe_helper"
	return 0;
}
EXPORT_SYMBOL(es_probe_helper);

void es_reset(void)
{
	es_cfg = 0; // want "write es_cfg by es_reset races with (read|write) es_cfg by (es_suspend|es_reset)"
}
EXPORT_SYMBOL(es_reset);

static int es_suspend(struct device *dev)
{
	return es_mode +
		es_cfg + // want "read es_cfg by es_suspend races with write es_cfg by es_reset"
		es_count; // want "read es_count by es_suspend races with write es_count by es_isr"
}

static const struct dev_pm_ops es_pm = { .suspend = es_suspend };

static int es_probe(struct platform_device *pdev)
{
	return 0;
}

static struct platform_driver es_driver = {
	.driver = { .name = "es", .pm = &es_pm },
	.probe = es_probe,
};
module_platform_driver(es_driver);
MODULE_LICENSE("GPL");
