// A PnP driver (module_pnp_driver): the driver core calls probe, remove and
// shutdown under the device lock, so state does not race. The interrupt
// handler takes no lock: count races with shutdown.
#include <linux/module.h>
#include <linux/pnp.h>
#include <linux/interrupt.h>

static int state, count;

static irqreturn_t pd_irq(int irq, void *data)
{
	count++; // want "race"
	return IRQ_HANDLED;
}

static int pd_probe(struct pnp_dev *dev, const struct pnp_device_id *id)
{
	state = 1;
	return request_irq(pnp_irq(dev, 0), pd_irq, 0, "pnpdrv", dev);
}

static void pd_remove(struct pnp_dev *dev)
{
	free_irq(pnp_irq(dev, 0), dev);
	state = 0;
}

static void pd_shutdown(struct pnp_dev *dev)
{
	state = 2;
	count = 0; // want "race"
}

static const struct pnp_device_id pd_ids[] = {
	{ .id = "PNP0b00" },
	{ .id = "" },
};
MODULE_DEVICE_TABLE(pnp, pd_ids);

static struct pnp_driver pd_driver = {
	.name = "pnpdrv",
	.id_table = pd_ids,
	.probe = pd_probe,
	.remove = pd_remove,
	.shutdown = pd_shutdown,
};
module_pnp_driver(pd_driver);
MODULE_LICENSE("GPL");
