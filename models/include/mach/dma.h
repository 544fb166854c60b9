/* whoop model: mach/dma.h - SuperH Dreamcast DMA channel numbers. */
#ifndef _WHOOP_MACH_DMA_H
#define _WHOOP_MACH_DMA_H

#include <asm/dma.h>

#define PVR2_CASCADE_CHAN 2

#endif
