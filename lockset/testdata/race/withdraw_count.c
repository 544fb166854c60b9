/* One handler on three interrupt lines held in variables: whoop cannot
 * tell the lines apart, so exit's free_irq calls count: after three of
 * them (one per registration) the handler is withdrawn, and exit's write
 * of the handler's data races with nothing. With --no-assume
 * withdraw-once a line might have been freed twice: the write races
 * (TestWithdrawOnceDropped). Before the third free_irq it races either
 * way. */
#include <linux/module.h>
#include <linux/interrupt.h>

struct chip {
	int irq_a, irq_b, irq_c;
	int events;
};

static struct chip chip;

static irqreturn_t chip_irq(int irq, void *dev)
{
	struct chip *c = dev;

	c->events++; // want "(read|write) c->events by chip_irq races with write chip.events by dev_exit" "(read|write) c->events by chip_irq races with (read|write) c->events by chip_irq"
	return IRQ_HANDLED;
}

static int __init dev_init(void)
{
	if (request_irq(chip.irq_a, chip_irq, IRQF_SHARED, "a", &chip))
		return -EBUSY;
	if (request_irq(chip.irq_b, chip_irq, IRQF_SHARED, "b", &chip))
		goto fail_b;
	if (request_irq(chip.irq_c, chip_irq, IRQF_SHARED, "c", &chip))
		goto fail_c;
	return 0;
fail_c:
	free_irq(chip.irq_b, &chip);
fail_b:
	free_irq(chip.irq_a, &chip);
	return -EBUSY;
}

static void __exit dev_exit(void)
{
	free_irq(chip.irq_a, &chip);
	free_irq(chip.irq_b, &chip);
	chip.events = 0;	/* the handler of line c may still run */ // want "write chip.events by dev_exit races with (read|write) c->events by chip_irq"
	free_irq(chip.irq_c, &chip);
	chip.events = 0;
}

module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
