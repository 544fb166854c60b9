/* whoop model: asm/bitops.h - atomic and non-atomic bit operations on x86_64. */
#ifndef _WHOOP_ASM_BITOPS_H
#define _WHOOP_ASM_BITOPS_H

#include <linux/compiler.h>
#include <asm/types.h>

/*
 * Bit operations are semantics-table functions (rule 1): extern prototypes
 * with the x86 signatures, never inline bodies.
 */
extern void set_bit(long nr, volatile unsigned long *addr);
extern void __set_bit(long nr, volatile unsigned long *addr);
extern void clear_bit(long nr, volatile unsigned long *addr);
extern void __clear_bit(long nr, volatile unsigned long *addr);
extern void clear_bit_unlock(long nr, volatile unsigned long *addr);
extern void __clear_bit_unlock(long nr, volatile unsigned long *addr);
extern void change_bit(long nr, volatile unsigned long *addr);
extern void __change_bit(long nr, volatile unsigned long *addr);
extern int test_and_set_bit(long nr, volatile unsigned long *addr);
extern int test_and_set_bit_lock(long nr, volatile unsigned long *addr);
extern int __test_and_set_bit(long nr, volatile unsigned long *addr);
extern int test_and_clear_bit(long nr, volatile unsigned long *addr);
extern int __test_and_clear_bit(long nr, volatile unsigned long *addr);
extern int test_and_change_bit(long nr, volatile unsigned long *addr);
extern int __test_and_change_bit(long nr, volatile unsigned long *addr);
extern int test_bit(long nr, const volatile unsigned long *addr);

#define smp_mb__before_atomic() barrier()
#define smp_mb__after_atomic() barrier()
#define smp_mb__before_clear_bit() barrier()
#define smp_mb__after_clear_bit() barrier()

extern unsigned long __ffs(unsigned long word);
extern unsigned long ffz(unsigned long word);
extern unsigned long __fls(unsigned long word);
extern int ffs(int x);
extern int fls(int x);
extern int fls64(__u64 x);

extern unsigned int __sw_hweight8(unsigned int w);
extern unsigned int __sw_hweight16(unsigned int w);
extern unsigned int __sw_hweight32(unsigned int w);
extern unsigned long __sw_hweight64(__u64 w);
#define hweight8(w) __sw_hweight8(w)
#define hweight16(w) __sw_hweight16(w)
#define hweight32(w) __sw_hweight32(w)
#define hweight64(w) __sw_hweight64(w)

extern unsigned long find_next_bit(const unsigned long *addr, unsigned long size, unsigned long offset);
extern unsigned long find_next_zero_bit(const unsigned long *addr, unsigned long size, unsigned long offset);
extern unsigned long find_first_bit(const unsigned long *addr, unsigned long size);
extern unsigned long find_first_zero_bit(const unsigned long *addr, unsigned long size);
extern unsigned long find_last_bit(const unsigned long *addr, unsigned long size);

#endif /* _WHOOP_ASM_BITOPS_H */
