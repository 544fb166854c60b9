/* The precondition of irq_bus_lock_bracket.c fails: ->irq_disable is
 * also the callback of a second chip that has no ->irq_bus_lock, so the
 * irq core may call it holding no bus lock, and nothing is carried into
 * it: its write races with sync_unlock's read. ->irq_enable belongs to
 * the bus-locked chip alone and is still carried into. */
#include <linux/module.h>
#include <linux/irq.h>
#include <linux/mutex.h>
#include <linux/slab.h>

struct irq_chip {
	const char *name;
	void (*irq_enable)(struct irq_data *data);
	void (*irq_disable)(struct irq_data *data);
	void (*irq_mask)(struct irq_data *data);
	void (*irq_bus_lock)(struct irq_data *data);
	void (*irq_bus_sync_unlock)(struct irq_data *data);
};

extern void *irq_data_get_irq_chip_data(struct irq_data *d);
extern void irq_set_chip_and_handler_name(unsigned int irq, const struct irq_chip *chip, void *handle,
					  const char *name);
extern void handle_simple_irq(void);

struct adap {
	struct irq_chip chip;
	struct mutex lock;
	int mask, old_mask, masked;
};

static void adap_irq_lock(struct irq_data *data)
{
	struct adap *a = irq_data_get_irq_chip_data(data);

	mutex_lock(&a->lock);
}

static void adap_irq_sync_unlock(struct irq_data *data)
{
	struct adap *a = irq_data_get_irq_chip_data(data);

	if (a->mask != a->old_mask) // want "read a->mask by adap_irq_sync_unlock races with write a->mask by adap_irq_disable"
		a->old_mask = a->mask;
	if (a->masked) // want "read a->masked by adap_irq_sync_unlock races with write a->masked by adap_irq_mask"
		a->old_mask = 0;
	mutex_unlock(&a->lock);
}

static void adap_irq_enable(struct irq_data *data)
{
	struct adap *a = irq_data_get_irq_chip_data(data);

	a->mask &= ~1; // want "(read|write) a->mask by adap_irq_enable races with write a->mask by adap_irq_disable"
}

static void adap_irq_disable(struct irq_data *data)
{
	struct adap *a = irq_data_get_irq_chip_data(data);

	a->mask |= 1; // want "write a->mask by adap_irq_disable races with (read|write) a->mask by adap_irq_(sync_unlock|disable|enable)"
}

static void adap_irq_mask(struct irq_data *data)
{
	struct adap *a = irq_data_get_irq_chip_data(data);

	a->masked = 1; // want "write a->masked by adap_irq_mask races with (read|write) a->masked by adap_irq_(sync_unlock|mask)"
}

static const struct irq_chip adap_irq_chip = {
	.name = "adap",
	.irq_bus_lock = adap_irq_lock,
	.irq_bus_sync_unlock = adap_irq_sync_unlock,
	.irq_enable = adap_irq_enable,
	.irq_disable = adap_irq_disable,
	.irq_mask = adap_irq_mask,
};

static const struct irq_chip adap_plain_chip = {
	.name = "adap-plain",
	.irq_disable = adap_irq_disable,
};

static int __init adap_init(void)
{
	struct adap *a = kzalloc(sizeof(*a), GFP_KERNEL);

	if (!a)
		return -ENOMEM;
	mutex_init(&a->lock);
	a->chip = adap_irq_chip;
	irq_set_chip_data(5, a);
	irq_set_chip_and_handler_name(5, &a->chip, handle_simple_irq, NULL);
	irq_set_chip_and_handler_name(6, &adap_plain_chip, handle_simple_irq, NULL);
	return 0;
}

module_init(adap_init);
MODULE_LICENSE("GPL");
