/* whoop model: linux/cache.h - cache line size and alignment markers. */
#ifndef _WHOOP_LINUX_CACHE_H
#define _WHOOP_LINUX_CACHE_H

#include <linux/kernel.h>

#define L1_CACHE_SHIFT 6
#define L1_CACHE_BYTES (1 << L1_CACHE_SHIFT)
#define SMP_CACHE_BYTES L1_CACHE_BYTES
#define L1_CACHE_ALIGN(x) ALIGN(x, L1_CACHE_BYTES)
#define SMP_ALIGN(x) L1_CACHE_ALIGN(x)
#define cache_line_size() L1_CACHE_BYTES
#define __cacheline_aligned_in_smp_nothing

#endif /* _WHOOP_LINUX_CACHE_H */
