/* An exported probe helper (i2c-designware-master.c's
 * i2c_dw_probe_master, called by another module's probe): it alone
 * requests the interrupt, so its writes before request_irq come before
 * the handler (assumption export-probe); its write after it races with
 * the handler. ep_reset, another exported function, publishes nothing:
 * its write races with the handler whenever it runs. Two calls of
 * either function race with each other, and the handler, registered by
 * a function callable again, with itself. */
#include <linux/module.h>
#include <linux/export.h>
#include <linux/interrupt.h>

struct ep_dev {
	int irq;
	int cfg;
	int mode;
	int count;
};

static irqreturn_t ep_isr(int irq, void *dev_id)
{
	struct ep_dev *d = dev_id;

	d->count++; // want "write d->count by ep_isr races with write d->count by ep_isr"
	if (d->cfg) // want "read d->cfg by ep_isr races with write d->cfg by ep_reset"
		return IRQ_HANDLED;
	if (d->mode) // want "read d->mode by ep_isr races with write d->mode by ep_probe_helper"
		return IRQ_HANDLED;
	return IRQ_NONE;
}

int ep_probe_helper(struct ep_dev *d)
{
	int ret;

	d->cfg = 3; // want "write d->cfg by ep_probe_helper races with write d->cfg by ep_reset"
	d->count = 0;
	ret = request_irq(d->irq, ep_isr, 0, "ep", d);
	if (ret)
		return ret;
	d->mode = 1; // want "write d->mode by ep_probe_helper races with read d->mode by ep_isr" "write d->mode by ep_probe_helper races with write d->mode by ep_probe_helper"
	return 0;
}
EXPORT_SYMBOL(ep_probe_helper);

void ep_reset(struct ep_dev *d)
{
	d->cfg = 0; // want "write d->cfg by ep_reset races with read d->cfg by ep_isr" "write d->cfg by ep_reset races with write d->cfg by (ep_probe_helper|ep_reset)"
}
EXPORT_SYMBOL(ep_reset);

MODULE_LICENSE("GPL");
