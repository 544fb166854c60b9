/* The irq core calls an irq_chip's ->irq_bus_sync_unlock only after its
 * ->irq_bus_lock, on the same thread (chip_bus_lock and
 * chip_bus_sync_unlock, kernel/irq/internals.h): the mutex irq_bus_lock
 * takes and irq_bus_sync_unlock releases is held across on purpose (lock
 * pair irq_chip irq_bus_lock/irq_bus_sync_unlock), also for a chip the
 * driver copies at run time (i2c-cht-wc.c), whose static initialiser
 * ties the two. A second chip's sync_unlock, with no bus lock callback,
 * still releases a lock it never took. */
#include <linux/module.h>
#include <linux/irq.h>
#include <linux/mutex.h>
#include <linux/slab.h>

struct irq_chip {
	const char *name;
	void (*irq_bus_lock)(struct irq_data *data);
	void (*irq_bus_sync_unlock)(struct irq_data *data);
};

extern void *irq_data_get_irq_chip_data(struct irq_data *d);
extern void irq_set_chip_and_handler_name(unsigned int irq, const struct irq_chip *chip, void *handle,
					  const char *name);
extern void handle_simple_irq(void);

struct adap {
	struct irq_chip chip;
	struct mutex lock, other;
	int mask;
};

static void adap_irq_lock(struct irq_data *data)
{
	struct adap *a = irq_data_get_irq_chip_data(data);

	mutex_lock(&a->lock);
}

static void adap_irq_sync_unlock(struct irq_data *data)
{
	struct adap *a = irq_data_get_irq_chip_data(data);

	a->mask = 0;
	mutex_unlock(&a->lock);
}

static void other_irq_sync_unlock(struct irq_data *data)
{
	struct adap *a = irq_data_get_irq_chip_data(data);

	mutex_unlock(&a->other); // want "unlock-unheld"
}

static const struct irq_chip adap_irq_chip = {
	.name = "adap",
	.irq_bus_lock = adap_irq_lock,
	.irq_bus_sync_unlock = adap_irq_sync_unlock,
};

static const struct irq_chip other_irq_chip = {
	.name = "other",
	.irq_bus_sync_unlock = other_irq_sync_unlock,
};

static int __init adap_init(void)
{
	struct adap *a = kzalloc(sizeof(*a), GFP_KERNEL);

	if (!a)
		return -ENOMEM;
	mutex_init(&a->lock);
	mutex_init(&a->other);
	a->chip = adap_irq_chip;
	irq_set_chip_data(5, a);
	irq_set_chip_and_handler_name(5, &a->chip, handle_simple_irq, NULL);
	irq_set_chip_and_handler_name(6, &other_irq_chip, handle_simple_irq, NULL);
	return 0;
}

module_init(adap_init);
MODULE_LICENSE("GPL");
