/* whoop model: asm/cache.h - cache line size of x86_64. */
#ifndef _WHOOP_ASM_CACHE_H
#define _WHOOP_ASM_CACHE_H

#include <linux/linkage.h>

#define __read_mostly_section
#define L1_CACHE_SHIFT_ASM 6
#define INTERNODE_CACHE_SHIFT 6
#define INTERNODE_CACHE_BYTES (1 << INTERNODE_CACHE_SHIFT)

#endif /* _WHOOP_ASM_CACHE_H */
