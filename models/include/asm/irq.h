/* whoop model: asm/irq.h - interrupt numbering on x86. */
#ifndef _WHOOP_ASM_IRQ_H
#define _WHOOP_ASM_IRQ_H

#define NR_IRQS 4352
#define NR_IRQS_LEGACY 16
#define FIRST_EXTERNAL_VECTOR 0x20

static inline int irq_canonicalize(int irq)
{
	return ((irq == 2) ? 9 : irq);
}

extern void disable_IO_APIC(void);

#endif /* _WHOOP_ASM_IRQ_H */
