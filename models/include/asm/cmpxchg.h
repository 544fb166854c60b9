/* whoop model: asm/cmpxchg.h - exchange and compare-exchange on any scalar. */
#ifndef _WHOOP_ASM_CMPXCHG_H
#define _WHOOP_ASM_CMPXCHG_H

#include <linux/types.h>

/*
 * The kernel expands these inline per operand size; here they go through
 * out-of-line functions with the size as an argument so the call (an atomic
 * read-modify-write) stays visible.
 */
extern unsigned long __xchg(unsigned long x, volatile void *ptr, int size);
extern unsigned long __cmpxchg(volatile void *ptr, unsigned long old, unsigned long new, int size);

#define xchg(ptr, v) ((__typeof__(*(ptr)))__xchg((unsigned long)(v), (ptr), sizeof(*(ptr))))
#define cmpxchg(ptr, old, new) \
	((__typeof__(*(ptr)))__cmpxchg((ptr), (unsigned long)(old), (unsigned long)(new), sizeof(*(ptr))))
#define sync_cmpxchg(ptr, old, new) cmpxchg(ptr, old, new)
#define cmpxchg_local(ptr, old, new) cmpxchg(ptr, old, new)
#define cmpxchg64(ptr, o, n) cmpxchg(ptr, o, n)
#define cmpxchg64_local(ptr, o, n) cmpxchg(ptr, o, n)

#endif /* _WHOOP_ASM_CMPXCHG_H */
