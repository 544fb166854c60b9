/* whoop model: asm/atomic.h - atomic_t and atomic64_t operations (x86_64 signatures). */
#ifndef _WHOOP_ASM_ATOMIC_H
#define _WHOOP_ASM_ATOMIC_H

#include <linux/compiler.h>
#include <linux/types.h>
#include <asm/cmpxchg.h>
#include <asm/barrier.h>

#define ATOMIC_INIT(i) { (i) }
#define ATOMIC64_INIT(i) { (i) }

/* Atomic operations are semantics-table functions (rules 1 and 4). */
extern int atomic_read(const atomic_t *v);
extern void atomic_set(atomic_t *v, int i);
extern void atomic_add(int i, atomic_t *v);
extern void atomic_sub(int i, atomic_t *v);
extern int atomic_sub_and_test(int i, atomic_t *v);
extern void atomic_inc(atomic_t *v);
extern void atomic_dec(atomic_t *v);
extern int atomic_dec_and_test(atomic_t *v);
extern int atomic_inc_and_test(atomic_t *v);
extern int atomic_add_negative(int i, atomic_t *v);
extern int atomic_add_return(int i, atomic_t *v);
extern int atomic_sub_return(int i, atomic_t *v);
extern int atomic_inc_return(atomic_t *v);
extern int atomic_dec_return(atomic_t *v);
extern int atomic_cmpxchg(atomic_t *v, int old, int new);
extern int atomic_xchg(atomic_t *v, int new);
extern int __atomic_add_unless(atomic_t *v, int a, int u);
extern void atomic_clear_mask(unsigned int mask, atomic_t *v);
extern void atomic_set_mask(unsigned int mask, atomic_t *v);

extern long atomic64_read(const atomic64_t *v);
extern void atomic64_set(atomic64_t *v, long i);
extern void atomic64_add(long i, atomic64_t *v);
extern void atomic64_sub(long i, atomic64_t *v);
extern int atomic64_sub_and_test(long i, atomic64_t *v);
extern void atomic64_inc(atomic64_t *v);
extern void atomic64_dec(atomic64_t *v);
extern int atomic64_dec_and_test(atomic64_t *v);
extern int atomic64_inc_and_test(atomic64_t *v);
extern int atomic64_add_negative(long i, atomic64_t *v);
extern long atomic64_add_return(long i, atomic64_t *v);
extern long atomic64_sub_return(long i, atomic64_t *v);
extern long atomic64_inc_return(atomic64_t *v);
extern long atomic64_dec_return(atomic64_t *v);
extern long atomic64_cmpxchg(atomic64_t *v, long old, long new);
extern long atomic64_xchg(atomic64_t *v, long new);
extern int atomic64_add_unless(atomic64_t *v, long a, long u);
extern int atomic64_inc_not_zero(atomic64_t *v);
extern long atomic64_dec_if_positive(atomic64_t *v);

#define smp_mb__before_atomic_dec() barrier()
#define smp_mb__after_atomic_dec() barrier()
#define smp_mb__before_atomic_inc() barrier()
#define smp_mb__after_atomic_inc() barrier()

#endif /* _WHOOP_ASM_ATOMIC_H */
