/* whoop model: asm/page.h - page size and virtual/physical address conversion. */
#ifndef _WHOOP_ASM_PAGE_H
#define _WHOOP_ASM_PAGE_H

#include <linux/types.h>
#include <linux/const.h>
#include <asm/pgtable_types.h>

#define PAGE_SHIFT 12
#define PAGE_SIZE (_AC(1, UL) << PAGE_SHIFT)
#define PAGE_MASK (~(PAGE_SIZE - 1))
#define PAGE_OFFSET ((unsigned long)0xffff880000000000UL)
#define PMD_SHIFT 21
#define PMD_SIZE (_AC(1, UL) << PMD_SHIFT)
#define PFN_PHYS(x) ((phys_addr_t)(x) << PAGE_SHIFT)

struct page;

extern unsigned long __phys_addr(unsigned long);
#define __pa(x) __phys_addr((unsigned long)(x))
#define __va(x) ((void *)((unsigned long)(x) + PAGE_OFFSET))
#define __pa_symbol(x) __pa(x)

extern struct page *pfn_to_page(unsigned long pfn);
extern unsigned long page_to_pfn(const struct page *page);
extern int pfn_valid(unsigned long pfn);
#define virt_to_page(kaddr) pfn_to_page(__pa(kaddr) >> PAGE_SHIFT)
#define virt_addr_valid(kaddr) pfn_valid(__pa(kaddr) >> PAGE_SHIFT)
#define page_to_phys(page) ((dma_addr_t)page_to_pfn(page) << PAGE_SHIFT)
#define virt_to_pfn(kaddr) (__pa(kaddr) >> PAGE_SHIFT)

extern void clear_page(void *page);
extern void copy_page(void *to, void *from);
extern int get_order(unsigned long size);

#endif /* _WHOOP_ASM_PAGE_H */
