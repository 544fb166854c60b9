/* whoop model: asm/div64.h - do_div divides in place and yields the remainder. */
#ifndef _WHOOP_ASM_DIV64_H
#define _WHOOP_ASM_DIV64_H

#include <linux/types.h>

#define do_div(n, base) ({ \
	u32 __base = (base); \
	u32 __rem; \
	__rem = ((u64)(n)) % __base; \
	(n) = ((u64)(n)) / __base; \
	__rem; \
})

#endif /* _WHOOP_ASM_DIV64_H */
