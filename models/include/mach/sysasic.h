/* whoop model: mach/sysasic.h - SuperH Dreamcast System ASIC interrupt events (irq numbers). */
#ifndef _WHOOP_MACH_SYSASIC_H
#define _WHOOP_MACH_SYSASIC_H

/* Events are irq numbers past the on-chip ones: bank * 32 + bit + 48. */
#define HW_EVENT_IRQ_BASE 48
#define HW_EVENT_VSYNC (HW_EVENT_IRQ_BASE + 3)
#define HW_EVENT_MAPLE_DMA (HW_EVENT_IRQ_BASE + 12)
#define HW_EVENT_GDROM_DMA (HW_EVENT_IRQ_BASE + 14)
#define HW_EVENT_GDROM_CMD (HW_EVENT_IRQ_BASE + 32)

#endif
