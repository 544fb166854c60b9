/* A slow-bus irq_chip (i2c-cht-wc.c): ->irq_bus_lock takes a mutex and
 * returns holding it, ->irq_bus_sync_unlock writes the cached mask out
 * and releases it, and the irq core calls ->irq_disable and ->irq_enable
 * between the two (chip_bus_lock, kernel/irq), so they hold the mutex
 * too (models.CallbackBrackets, assumption irq-chip-bus-lock). The
 * driver copies its const chip into a struct it allocated, so the
 * callbacks have no ops variable: the static initialiser ties them to
 * the bus lock. ->irq_mask is called by the flow handlers without the
 * bus lock: its write races with sync_unlock's read. */
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

	if (a->mask != a->old_mask)
		a->old_mask = a->mask;
	if (a->masked) // want "read a->masked by adap_irq_sync_unlock races with write a->masked by adap_irq_mask"
		a->old_mask = 0;
	mutex_unlock(&a->lock);
}

static void adap_irq_enable(struct irq_data *data)
{
	struct adap *a = irq_data_get_irq_chip_data(data);

	a->mask &= ~1;
}

static void adap_irq_disable(struct irq_data *data)
{
	struct adap *a = irq_data_get_irq_chip_data(data);

	a->mask |= 1;
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

static int __init adap_init(void)
{
	struct adap *a = kzalloc(sizeof(*a), GFP_KERNEL);

	if (!a)
		return -ENOMEM;
	mutex_init(&a->lock);
	a->chip = adap_irq_chip;
	irq_set_chip_data(5, a);
	irq_set_chip_and_handler_name(5, &a->chip, handle_simple_irq, NULL);
	return 0;
}

module_init(adap_init);
MODULE_LICENSE("GPL");
