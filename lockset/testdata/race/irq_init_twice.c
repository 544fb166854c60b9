/* A probe that requests its handler on two lines whoop cannot tell apart
 * and, on its error path, frees one of them: the handler may still run on
 * the other line, so the kfree after free_irq races with it (a probe that
 * registers one object only is stopped by its waiting withdrawal:
 * xen_unbind.c). */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/interrupt.h>
#include <linux/slab.h>

struct tw {
	int count;
};

int tw_hw_init(struct platform_device *pdev);

static irqreturn_t tw_isr(int irq, void *data)
{
	struct tw *tw = data;

	tw->count++; // want "(read|write) tw->count by tw_isr races with write kfree\(tw\) by tw_probe" "(read|write) tw->count by tw_isr races with (read|write) tw->count by tw_isr"
	return IRQ_HANDLED;
}

static int tw_probe(struct platform_device *pdev)
{
	struct tw *tw = kzalloc(sizeof(*tw), GFP_KERNEL);
	int a = platform_get_irq(pdev, 0), b = platform_get_irq(pdev, 1);
	int ret;

	if (!tw)
		return -ENOMEM;
	ret = request_irq(a, tw_isr, 0, "tw", tw);
	if (ret)
		goto err;
	ret = request_irq(b, tw_isr, 0, "tw", tw);
	if (ret)
		goto err_a;
	ret = tw_hw_init(pdev);
	if (ret)
		goto err_a;
	platform_set_drvdata(pdev, tw);
	return 0;
err_a:
	free_irq(a, tw);
err:
	kfree(tw);		/* line b's handler may still run */ // want "write kfree\(tw\) by tw_probe races with (read|write) tw->count by tw_isr"
	return ret;
}

static struct platform_driver tw_driver = {
	.probe = tw_probe,
	.driver = { .name = "tw" },
};
module_platform_driver(tw_driver);
MODULE_LICENSE("GPL");
