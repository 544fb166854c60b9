/* whoop model: asm/system.h - the pre-3.4 catch-all header (barriers, irq flags, cmpxchg). */
#ifndef _WHOOP_ASM_SYSTEM_H
#define _WHOOP_ASM_SYSTEM_H

/* Split up in 3.4; older drivers (ds1286, efirtc) still include it. */
#include <asm/barrier.h>
#include <asm/cmpxchg.h>
#include <linux/irqflags.h>

#endif /* _WHOOP_ASM_SYSTEM_H */
