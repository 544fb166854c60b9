/* whoop model: linux/highmem.h - temporary kernel mappings of pages. */
#ifndef _WHOOP_LINUX_HIGHMEM_H
#define _WHOOP_LINUX_HIGHMEM_H

#include <linux/kernel.h>
#include <linux/bug.h>
#include <linux/mm.h>
#include <linux/uaccess.h>

#define PAGE_CACHE_SHIFT PAGE_SHIFT
#define PAGE_CACHE_SIZE PAGE_SIZE

extern void *kmap(struct page *page);
extern void kunmap(struct page *page);
extern void *kmap_atomic(struct page *page);
extern void __kunmap_atomic(void *addr);
#define kunmap_atomic(addr) __kunmap_atomic(addr)
extern void clear_highpage(struct page *page);
extern void zero_user(struct page *page, unsigned start, unsigned size);
extern void flush_dcache_page(struct page *page);
extern void flush_kernel_dcache_page(struct page *page);

#endif /* _WHOOP_LINUX_HIGHMEM_H */
