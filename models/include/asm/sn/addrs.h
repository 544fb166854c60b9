/* whoop model: asm/sn/addrs.h - SGI SN2 physical address layout (node id in the high bits). */
#ifndef _WHOOP_ASM_SN_ADDRS_H
#define _WHOOP_ASM_SN_ADDRS_H

#include <asm/sn/types.h>
/* On ia64 these come with <asm/io.h>; SGI drivers rely on them. */
#include <asm/machvec.h>

#define UNCACHED 0xc000000000000000UL
#define CACHED 0xe000000000000000UL
#define UNCACHED_PHYS 0x8000000000000000UL

#define NASID_SHIFT 38
#define NASID_BITMASK (0x7ffUL)
#define NASID_BITS 11
#define NASID_MASK (NASID_BITMASK << NASID_SHIFT)
#define NASID_SPACE(n) ((u64)(n) << NASID_SHIFT)
#define NASID_GET(x) ((int)(((u64)(x) >> NASID_SHIFT) & NASID_BITMASK))

#define TO_PHYS_MASK 0x0001ffcfffffffffUL
#define TO_PHYS(x) (TO_PHYS_MASK & (x))
#define TO_CAC(x) (CACHED | TO_PHYS(x))
#define TO_AMO(x) (UNCACHED | TO_PHYS(x))
#define TO_GET(x) (UNCACHED_PHYS | TO_PHYS(x))
#define PHYS_TO_DMA(x) ((((u64)(x) & NASID_MASK) >> 2) | NODE_OFFSET(x))
#define NODE_OFFSET(x) ((x) & (NODE_ADDRSPACE_SIZE - 1))
#define NODE_ADDRSPACE_SIZE (1UL << 36)

#define LOCAL_MMR_SPACE (UNCACHED | (1UL << 45))
#define LOCAL_PHYS_MMR_SPACE (UNCACHED_PHYS | (1UL << 45))
#define GLOBAL_MMR_SPACE (UNCACHED | (3UL << 44))
#define GLOBAL_MMR_PHYS_SPACE (UNCACHED_PHYS | (3UL << 44))
#define GLOBAL_MMR_ADDR(n, a) (GLOBAL_MMR_SPACE | NASID_SPACE(n) | (a))
#define GLOBAL_MMR_PHYS_ADDR(n, a) (GLOBAL_MMR_PHYS_SPACE | NASID_SPACE(n) | (a))
#define GLOBAL_CAC_ADDR(n, a) (CACHED | NASID_SPACE(n) | (a))
#define GLOBAL_UNCAC_ADDR(n, a) (UNCACHED | NASID_SPACE(n) | (a))
#define LOCAL_MMR_ADDR(a) (LOCAL_MMR_SPACE | (a))
#define LOCAL_MMR_PHYS_ADDR(a) (LOCAL_PHYS_MMR_SPACE | (a))

#define TIO_SWIN_BASE(n, w) (TIO_IO_BASE(n) + ((u64)(w) << 30))
#define TIO_IO_BASE(n) (UNCACHED | NASID_SPACE(n) | (1UL << 37))
#define TIO_SWIN_WIDGETNUM(x) (((x) >> 30) & 0xf)

#endif /* _WHOOP_ASM_SN_ADDRS_H */
