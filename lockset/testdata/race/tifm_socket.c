/* A tifm adapter's eject callback (struct tifm_adapter) runs only from a
 * media driver bound to a socket, and every socket comes from the adapter
 * driver's tifm_alloc_device (drivers/misc/tifm_core.c), here called by
 * the work item the interrupt handler queues: what probe sets before
 * request_irq races with no eject; what it writes after still does. */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/interrupt.h>
#include <linux/workqueue.h>
#include <linux/slab.h>

struct tifm_dev;
struct tifm_adapter {
	int *addr;
	int mode;
	struct work_struct media_switcher;
	void (*eject)(struct tifm_adapter *fm, struct tifm_dev *sock);
};
struct tifm_adapter *tifm_alloc_adapter(unsigned int num_sockets, struct device *dev);
struct tifm_dev *tifm_alloc_device(struct tifm_adapter *fm, unsigned int id, unsigned char type);
int tifm_queue_work(struct work_struct *work);

static void ts_eject(struct tifm_adapter *fm, struct tifm_dev *sock)
{
	if (!fm->addr[0])
		return;
	if (fm->mode) // want "read .*mode by ts_eject races with write .*mode by ts_probe"
		tifm_queue_work(&fm->media_switcher);
}

static void ts_switch_media(struct work_struct *work)
{
	struct tifm_adapter *fm = container_of(work, struct tifm_adapter, media_switcher);

	tifm_alloc_device(fm, 0, 1);
}

static irqreturn_t ts_isr(int irq, void *dev_id)
{
	struct tifm_adapter *fm = dev_id;

	tifm_queue_work(&fm->media_switcher);
	return IRQ_HANDLED;
}

static int ts_probe(struct pci_dev *dev, const struct pci_device_id *id)
{
	struct tifm_adapter *fm = tifm_alloc_adapter(2, &dev->dev);
	int rc;

	if (!fm)
		return -ENOMEM;
	INIT_WORK(&fm->media_switcher, ts_switch_media);
	fm->eject = ts_eject;
	pci_set_drvdata(dev, fm);
	fm->addr = kzalloc(16, GFP_KERNEL);
	if (!fm->addr)
		return -ENOMEM;
	rc = request_irq(dev->irq, ts_isr, IRQF_SHARED, "ts", fm);
	if (rc)
		return rc;
	fm->mode = 1; // want "write .*mode by ts_probe races with read .*mode by ts_eject"
	return 0;
}

static struct pci_driver ts_driver = {
	.name = "ts",
	.probe = ts_probe,
};
module_pci_driver(ts_driver);
MODULE_LICENSE("GPL");
