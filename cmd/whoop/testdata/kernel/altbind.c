// One chip, two bus drivers: a pnp_driver and a platform_driver whose probe
// platform_driver_probe registers, both probing through ab_setup, which
// refuses a second device (-EBUSY) and registers the interrupt. The chip
// binds through one of them (assumption one-binding): the two drivers'
// probe, remove and PM callbacks share its device_lock and PM phases, so
// mode and dev race with nothing. The interrupt handler takes no lock: its
// events count races with suspend's reset.
#include <linux/module.h>
#include <linux/pnp.h>
#include <linux/platform_device.h>
#include <linux/interrupt.h>
#include <linux/pm.h>

struct ab_chip {
	struct device *dev;
	int irq, mode, events;
};

static struct ab_chip ab;

static irqreturn_t ab_irq(int irq, void *data)
{
	ab.events++; // want "race"
	return IRQ_HANDLED;
}

static int ab_setup(struct device *dev, int irq)
{
	if (ab.dev)
		return -EBUSY;
	ab.dev = dev;
	ab.irq = irq;
	ab.mode = 1;
	return request_irq(irq, ab_irq, 0, "ab", &ab);
}

static void ab_teardown(void)
{
	free_irq(ab.irq, &ab);
	ab.mode = 0;
	ab.dev = NULL;
}

static int ab_suspend(struct device *dev)
{
	ab.mode = 2;
	ab.events = 0; // want "race"
	return 0;
}

static int ab_resume(struct device *dev)
{
	ab.mode = 1;
	return 0;
}

static DEFINE_SIMPLE_DEV_PM_OPS(ab_pm, ab_suspend, ab_resume);

static int ab_pnp_probe(struct pnp_dev *pdev, const struct pnp_device_id *id)
{
	return ab_setup(&pdev->dev, pnp_irq(pdev, 0));
}

static void ab_pnp_remove(struct pnp_dev *pdev)
{
	ab_teardown();
}

static const struct pnp_device_id ab_ids[] = {
	{ .id = "PNP0b00" },
	{ .id = "" },
};

static struct pnp_driver ab_pnp = {
	.name = "ab",
	.id_table = ab_ids,
	.probe = ab_pnp_probe,
	.remove = ab_pnp_remove,
	.driver = { .pm = &ab_pm },
};

static int __init ab_plat_probe(struct platform_device *pdev)
{
	return ab_setup(&pdev->dev, platform_get_irq(pdev, 0));
}

static void ab_plat_remove(struct platform_device *pdev)
{
	ab_teardown();
}

static struct platform_driver ab_plat = {
	.remove = ab_plat_remove,
	.driver = { .name = "ab", .pm = &ab_pm },
};

static int __init ab_init(void)
{
	int err = pnp_register_driver(&ab_pnp);

	if (err)
		return err;
	err = platform_driver_probe(&ab_plat, ab_plat_probe);
	if (err == -ENODEV)
		err = 0;
	return err;
}

static void __exit ab_exit(void)
{
	platform_driver_unregister(&ab_plat);
	pnp_unregister_driver(&ab_pnp);
}

module_init(ab_init);
module_exit(ab_exit);
MODULE_LICENSE("GPL");
