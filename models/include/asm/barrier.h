/* whoop model: asm/barrier.h - memory barriers (compiler barriers only: whoop does not model reordering). */
#ifndef _WHOOP_ASM_BARRIER_H
#define _WHOOP_ASM_BARRIER_H

#include <linux/compiler.h>

#define mb() __asm__ __volatile__("" : : : "memory")
#define rmb() __asm__ __volatile__("" : : : "memory")
#define wmb() __asm__ __volatile__("" : : : "memory")
#define dma_rmb() barrier()
#define dma_wmb() barrier()
#define smp_mb() barrier()
#define smp_rmb() barrier()
#define smp_wmb() barrier()
#define read_barrier_depends() do { } while (0)
#define smp_read_barrier_depends() do { } while (0)
#define set_mb(var, value) do { WRITE_ONCE(var, value); barrier(); } while (0)

#define smp_store_release(p, v) do { barrier(); WRITE_ONCE(*(p), v); } while (0)
#define smp_load_acquire(p) ({ __typeof__(*(p)) ___p1 = READ_ONCE(*(p)); barrier(); ___p1; })

#define nop() __asm__ __volatile__("nop")

#endif /* _WHOOP_ASM_BARRIER_H */
