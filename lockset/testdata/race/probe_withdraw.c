/* A probe's error path that withdraws with a waiting call (free_irq,
 * del_timer_sync) what the probe itself published stops it as an exit's
 * withdrawal does (phantom.c's err_irq: free_irq, then kfree): the code
 * after it races with neither the handler nor the timer. A withdrawal that
 * does not wait (del_timer) leaves the timer function running. */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/interrupt.h>
#include <linux/timer.h>
#include <linux/jiffies.h>
#include <linux/slab.h>

struct pw_dev {
	int i1, i2;
	int t1, t2;
	struct timer_list t;
};

int pw_hw_init(struct pci_dev *pdev);

static irqreturn_t pw_isr(int irq, void *data)
{
	struct pw_dev *d = data;

	return d->i1 + d->i2;
}

static void pw_tick(struct timer_list *t)
{
	struct pw_dev *d = from_timer(d, t, t);

	d->t1 = d->t2; // want "read d->t2 by pw_tick races with write d->t2 by pw_probe"
}

static int pw_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct pw_dev *d;
	int err;

	d = kzalloc(sizeof(*d), GFP_KERNEL);
	if (!d)
		return -ENOMEM;
	timer_setup(&d->t, pw_tick, 0);
	err = request_irq(pdev->irq, pw_isr, IRQF_SHARED, "pw", d);
	if (err)
		goto free;
	mod_timer(&d->t, jiffies + HZ);
	err = pw_hw_init(pdev);
	if (err)
		goto irq;
	err = pw_hw_init(pdev);
	if (err)
		goto timer;
	return 0;
timer:
	del_timer(&d->t);
	free_irq(pdev->irq, d);
	d->i2 = 1;
	d->t2 = 1; // want "write d->t2 by pw_probe races with read d->t2 by pw_tick"
	return err;
irq:
	del_timer_sync(&d->t);
	free_irq(pdev->irq, d);
	d->i1 = 1;
	d->t1 = 1;
free:
	kfree(d);
	return err;
}

static void pw_remove(struct pci_dev *pdev)
{
}

static const struct pci_device_id pw_ids[] = { { PCI_DEVICE(0x1234, 0x5678) }, { } };

static struct pci_driver pw_driver = {
	.name = "pw",
	.id_table = pw_ids,
	.probe = pw_probe,
	.remove = pw_remove,
};
module_pci_driver(pw_driver);
MODULE_LICENSE("GPL");
