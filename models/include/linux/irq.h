/* whoop model: linux/irq.h - interrupt descriptors, trigger types and low-level handler setup. */
#ifndef _WHOOP_LINUX_IRQ_H
#define _WHOOP_LINUX_IRQ_H

#include <linux/cache.h>
#include <linux/spinlock.h>
#include <linux/cpumask.h>
#include <linux/irqreturn.h>
#include <linux/errno.h>
#include <linux/interrupt.h>
#include <asm/irq.h>

enum {
	IRQ_TYPE_NONE = 0x00000000,
	IRQ_TYPE_EDGE_RISING = 0x00000001,
	IRQ_TYPE_EDGE_FALLING = 0x00000002,
	IRQ_TYPE_EDGE_BOTH = (IRQ_TYPE_EDGE_FALLING | IRQ_TYPE_EDGE_RISING),
	IRQ_TYPE_LEVEL_HIGH = 0x00000004,
	IRQ_TYPE_LEVEL_LOW = 0x00000008,
	IRQ_TYPE_LEVEL_MASK = (IRQ_TYPE_LEVEL_LOW | IRQ_TYPE_LEVEL_HIGH),
	IRQ_TYPE_SENSE_MASK = 0x0000000f,
	IRQ_TYPE_DEFAULT = IRQ_TYPE_SENSE_MASK,
};

struct irq_data;
struct irq_chip;
struct irq_desc;

/* Registration of a preallocated irqaction (rule 1). */
extern int setup_irq(unsigned int irq, struct irqaction *new);
extern void remove_irq(unsigned int irq, struct irqaction *act);
extern int irq_set_irq_type(unsigned int irq, unsigned int type);
extern int irq_set_chip_data(unsigned int irq, void *data);
extern int irq_set_handler_data(unsigned int irq, void *data);
extern void *irq_get_handler_data(unsigned int irq);
extern struct irq_data *irq_get_irq_data(unsigned int irq);
extern void irq_set_status_flags(unsigned int irq, unsigned long set);
extern void irq_clear_status_flags(unsigned int irq, unsigned long clr);

#endif /* _WHOOP_LINUX_IRQ_H */
