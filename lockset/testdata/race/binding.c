/* One chip reached through two buses: a pci_driver and a platform_driver
 * whose probes both set the chip up with bc_setup, which registers its
 * interrupt. The device binds to one of them (assumption one-binding), so
 * the callbacks of the two drivers share its device_lock (probe, remove,
 * suspend) and its PM phases (suspend_noirq), and neither probe runs
 * while the other driver's interrupt handler is registered for the chip.
 * The interrupt handler is not serialised with the PM callbacks: suspend's
 * reset of count, without the handler's lock, races with it. */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/platform_device.h>
#include <linux/interrupt.h>
#include <linux/pm.h>
#include <linux/spinlock.h>

struct bchip {
	struct device *dev;
	spinlock_t lock;
	int mode, sleep, irq, count;
};

static struct bchip bc = { .lock = __SPIN_LOCK_UNLOCKED(bc.lock) };

static irqreturn_t bc_irq(int irq, void *data)
{
	spin_lock(&bc.lock);
	bc.count++; // want "(read|write) bc.count by bc_irq races with write bc.count by bc_suspend"
	spin_unlock(&bc.lock);
	return IRQ_HANDLED;
}

static int bc_setup(struct device *dev, int irq)
{
	if (bc.dev)
		return -EBUSY;
	bc.dev = dev;
	bc.irq = irq;
	bc.mode = 1;
	return request_irq(irq, bc_irq, 0, "bc", &bc);
}

static void bc_teardown(void)
{
	free_irq(bc.irq, &bc);
	bc.mode = 0;
	bc.dev = NULL;
}

static int bc_suspend(struct device *dev)
{
	bc.mode = 2;
	bc.sleep = 1;
	bc.count = 0; // want "write bc.count by bc_suspend races with (read|write) bc.count by bc_irq"
	return 0;
}

static int bc_suspend_noirq(struct device *dev)
{
	bc.sleep = 2;
	return 0;
}

static const struct dev_pm_ops bc_pm = { .suspend = bc_suspend, .suspend_noirq = bc_suspend_noirq };

static int bc_pci_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	return bc_setup(&pdev->dev, pdev->irq);
}

static void bc_pci_remove(struct pci_dev *pdev)
{
	bc_teardown();
}

static const struct pci_device_id bc_ids[] = { { PCI_DEVICE(0x1234, 0x5678) }, { 0 } };

static struct pci_driver bc_pci_driver = {
	.name = "bc",
	.id_table = bc_ids,
	.probe = bc_pci_probe,
	.remove = bc_pci_remove,
	.driver = { .pm = &bc_pm },
};

static int bc_plat_probe(struct platform_device *pdev)
{
	return bc_setup(&pdev->dev, platform_get_irq(pdev, 0));
}

static int bc_plat_remove(struct platform_device *pdev)
{
	bc_teardown();
	return 0;
}

static struct platform_driver bc_plat_driver = {
	.driver = { .name = "bc", .pm = &bc_pm },
	.probe = bc_plat_probe,
	.remove = bc_plat_remove,
};

static int __init bc_init(void)
{
	int err = pci_register_driver(&bc_pci_driver);

	if (err)
		return err;
	err = platform_driver_register(&bc_plat_driver);
	if (err)
		pci_unregister_driver(&bc_pci_driver);
	return err;
}

static void __exit bc_exit(void)
{
	platform_driver_unregister(&bc_plat_driver);
	pci_unregister_driver(&bc_pci_driver);
}

module_init(bc_init);
module_exit(bc_exit);
MODULE_LICENSE("GPL");
