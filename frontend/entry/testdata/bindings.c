/* Bus drivers as alternative bindings of one device: the pci and platform
 * drivers of the chip probe through one set-up function that registers the
 * interrupt (Facts.Bindings groups them); the i2c driver of a part behind
 * the chip probes with code of its own (its own device). */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/platform_device.h>
#include <linux/i2c.h>
#include <linux/interrupt.h>

static int bn_state, bn_part;

static irqreturn_t bn_irq(int irq, void *data) // want entry "irq request_irq.handler"
{
	return IRQ_HANDLED;
}

static int bn_setup(int irq)
{
	bn_state = 1;
	return request_irq(irq, bn_irq, 0, "bn", NULL);
}

static int bn_pci_probe(struct pci_dev *pdev, const struct pci_device_id *id) // want entry "init pci_driver.probe var=bn_pci"
{
	return bn_setup(pdev->irq);
}

static struct pci_driver bn_pci = { .name = "bn", .probe = bn_pci_probe };

static int bn_plat_probe(struct platform_device *pdev) // want entry "init platform_driver.probe var=bn_plat"
{
	return bn_setup(platform_get_irq(pdev, 0));
}

static struct platform_driver bn_plat = { .driver = { .name = "bn" }, .probe = bn_plat_probe };

static int bn_part_probe(struct i2c_client *client, const struct i2c_device_id *id) // want entry "init i2c_driver.probe var=bn_i2c"
{
	bn_part = 1;
	return 0;
}

static struct i2c_driver bn_i2c = { .driver = { .name = "bn-part" }, .probe = bn_part_probe };

static int __init bn_init(void) // want entry "init module_init"
{
	if (pci_register_driver(&bn_pci))
		return -ENODEV;
	if (platform_driver_register(&bn_plat))
		return -ENODEV;
	return i2c_add_driver(&bn_i2c);
}
module_init(bn_init);
MODULE_LICENSE("GPL");
