/* whoop model: linux/hardirq.h - interrupt context tests and irq_enter/exit. */
#ifndef _WHOOP_LINUX_HARDIRQ_H
#define _WHOOP_LINUX_HARDIRQ_H

#include <linux/preempt.h>
#include <linux/lockdep.h>

extern void synchronize_irq(unsigned int irq);
extern bool synchronize_hardirq(unsigned int irq);
extern void irq_enter(void);
extern void irq_exit(void);
#define nmi_enter() do { } while (0)
#define nmi_exit() do { } while (0)

#endif /* _WHOOP_LINUX_HARDIRQ_H */
