/* whoop model: linux/dmaengine.h - DMA engine cookies (minimal). */
#ifndef _WHOOP_LINUX_DMAENGINE_H
#define _WHOOP_LINUX_DMAENGINE_H

#include <linux/device.h>
#include <linux/err.h>
#include <linux/uio.h>
#include <linux/scatterlist.h>

typedef s32 dma_cookie_t;
#define DMA_MIN_COOKIE 1

static inline int dma_submit_error(dma_cookie_t cookie)
{
	return cookie < 0 ? cookie : 0;
}

enum dma_status {
	DMA_COMPLETE,
	DMA_IN_PROGRESS,
	DMA_PAUSED,
	DMA_ERROR,
};

enum dma_transfer_direction {
	DMA_MEM_TO_MEM,
	DMA_MEM_TO_DEV,
	DMA_DEV_TO_MEM,
	DMA_DEV_TO_DEV,
	DMA_TRANS_NONE,
};

struct dma_chan;
struct dma_async_tx_descriptor;

extern struct dma_chan *dma_request_slave_channel(struct device *dev, const char *name);
extern void dma_release_channel(struct dma_chan *chan);

#endif /* _WHOOP_LINUX_DMAENGINE_H */
