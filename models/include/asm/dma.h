/* whoop model: asm/dma.h - ISA-style DMA channel allocation (the parts drivers name). */
#ifndef _WHOOP_ASM_DMA_H
#define _WHOOP_ASM_DMA_H

#include <linux/types.h>

#define MAX_DMA_CHANNELS 8

extern int request_dma(unsigned int dmanr, const char *device_id);
extern void free_dma(unsigned int dmanr);

#endif
