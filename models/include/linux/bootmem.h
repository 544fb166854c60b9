/* whoop model: linux/bootmem.h - the early boot allocator (fresh memory, before any driver runs). */
#ifndef _WHOOP_LINUX_BOOTMEM_H
#define _WHOOP_LINUX_BOOTMEM_H

#include <linux/types.h>

extern void *alloc_bootmem(unsigned long size);
extern void *alloc_bootmem_low(unsigned long size);
extern void *alloc_bootmem_pages(unsigned long size);
extern void free_bootmem(unsigned long addr, unsigned long size);

#endif
