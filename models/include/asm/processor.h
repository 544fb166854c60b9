/* whoop model: asm/processor.h - cpu_relax and a few CPU facts. */
#ifndef _WHOOP_ASM_PROCESSOR_H
#define _WHOOP_ASM_PROCESSOR_H

#include <linux/types.h>
#include <asm/barrier.h>

#define cpu_relax() barrier()
#define cpu_relax_lowlatency() cpu_relax()

extern unsigned long boot_option_idle_override;
#define TASK_SIZE (0x00007ffffffff000UL)

static inline void prefetch(const void *x)
{
	__builtin_prefetch(x);
}

static inline void prefetchw(const void *x)
{
	__builtin_prefetch(x, 1);
}

#endif /* _WHOOP_ASM_PROCESSOR_H */
