/* whoop model: linux/atomic.h - generic atomics over asm/atomic.h, atomic_long_t. */
#ifndef _WHOOP_LINUX_ATOMIC_H
#define _WHOOP_LINUX_ATOMIC_H

#include <asm/atomic.h>

extern int atomic_add_unless(atomic_t *v, int a, int u);
extern int atomic_inc_not_zero(atomic_t *v);
extern int atomic_inc_not_zero_hint(atomic_t *v, int hint);
extern int atomic_inc_unless_negative(atomic_t *p);
extern int atomic_dec_unless_positive(atomic_t *p);
extern int atomic_dec_if_positive(atomic_t *v);
#define atomic_cmpxchg_relaxed atomic_cmpxchg

/* atomic_long_t is atomic64_t on a 64-bit kernel (asm-generic/atomic-long.h). */
typedef atomic64_t atomic_long_t;
#define ATOMIC_LONG_INIT(i) ATOMIC64_INIT(i)

extern long atomic_long_read(atomic_long_t *l);
extern void atomic_long_set(atomic_long_t *l, long i);
extern void atomic_long_inc(atomic_long_t *l);
extern void atomic_long_dec(atomic_long_t *l);
extern void atomic_long_add(long i, atomic_long_t *l);
extern void atomic_long_sub(long i, atomic_long_t *l);
extern int atomic_long_sub_and_test(long i, atomic_long_t *l);
extern int atomic_long_dec_and_test(atomic_long_t *l);
extern int atomic_long_inc_and_test(atomic_long_t *l);
extern int atomic_long_add_negative(long i, atomic_long_t *l);
extern long atomic_long_add_return(long i, atomic_long_t *l);
extern long atomic_long_sub_return(long i, atomic_long_t *l);
extern long atomic_long_inc_return(atomic_long_t *l);
extern long atomic_long_dec_return(atomic_long_t *l);
extern long atomic_long_add_unless(atomic_long_t *l, long a, long u);
extern long atomic_long_inc_not_zero(atomic_long_t *l);
extern long atomic_long_cmpxchg(atomic_long_t *l, long old, long new);
extern long atomic_long_xchg(atomic_long_t *l, long new);

#endif /* _WHOOP_LINUX_ATOMIC_H */
