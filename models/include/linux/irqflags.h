/* whoop model: linux/irqflags.h - local interrupt masking. */
#ifndef _WHOOP_LINUX_IRQFLAGS_H
#define _WHOOP_LINUX_IRQFLAGS_H

#include <linux/typecheck.h>

/*
 * Macros that assign their flags argument call a function of the same name
 * (rule 2), declared before the macro.
 */
extern void local_irq_enable(void);
extern void local_irq_disable(void);
extern unsigned long local_irq_save(void);
#define local_irq_save(flags) do { (flags) = local_irq_save(); } while (0)
extern void local_irq_restore(unsigned long flags);
extern unsigned long local_save_flags(void);
#define local_save_flags(flags) do { (flags) = local_save_flags(); } while (0)
extern int irqs_disabled(void);
#define irqs_disabled_flags(flags) ((flags) == 0)
#define safe_halt() do { } while (0)

#define raw_local_irq_save(flags) local_irq_save(flags)
#define raw_local_irq_restore(flags) local_irq_restore(flags)
#define raw_local_irq_enable() local_irq_enable()
#define raw_local_irq_disable() local_irq_disable()
#define raw_irqs_disabled() irqs_disabled()

#define trace_hardirqs_on() do { } while (0)
#define trace_hardirqs_off() do { } while (0)

#endif /* _WHOOP_LINUX_IRQFLAGS_H */
