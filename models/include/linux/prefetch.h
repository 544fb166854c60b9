/* whoop model: linux/prefetch.h - cache prefetch hints. */
#ifndef _WHOOP_LINUX_PREFETCH_H
#define _WHOOP_LINUX_PREFETCH_H

#include <linux/types.h>
#include <asm/processor.h>

#define PREFETCH_STRIDE (4 * 64)

static inline void prefetch_range(void *addr, size_t len)
{
}

#endif /* _WHOOP_LINUX_PREFETCH_H */
