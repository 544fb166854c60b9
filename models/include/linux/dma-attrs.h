/* whoop model: linux/dma-attrs.h - DMA mapping attributes. */
#ifndef _WHOOP_LINUX_DMA_ATTRS_H
#define _WHOOP_LINUX_DMA_ATTRS_H

#include <linux/bitmap.h>
#include <linux/bitops.h>
#include <linux/bug.h>

enum dma_attr {
	DMA_ATTR_WRITE_BARRIER,
	DMA_ATTR_WEAK_ORDERING,
	DMA_ATTR_WRITE_COMBINE,
	DMA_ATTR_NON_CONSISTENT,
	DMA_ATTR_NO_KERNEL_MAPPING,
	DMA_ATTR_SKIP_CPU_SYNC,
	DMA_ATTR_FORCE_CONTIGUOUS,
	DMA_ATTR_MAX,
};

#define __DMA_ATTRS_LONGS BITS_TO_LONGS(DMA_ATTR_MAX)

struct dma_attrs {
	unsigned long flags[__DMA_ATTRS_LONGS];
};

#define DEFINE_DMA_ATTRS(x) struct dma_attrs x = { .flags = { [0 ... __DMA_ATTRS_LONGS - 1] = 0 }, }

static inline void init_dma_attrs(struct dma_attrs *attrs)
{
	bitmap_zero(attrs->flags, __DMA_ATTRS_LONGS);
}

extern void dma_set_attr(enum dma_attr attr, struct dma_attrs *attrs);
extern int dma_get_attr(enum dma_attr attr, struct dma_attrs *attrs);

#endif /* _WHOOP_LINUX_DMA_ATTRS_H */
