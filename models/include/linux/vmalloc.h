/* whoop model: linux/vmalloc.h - virtually contiguous allocation. */
#ifndef _WHOOP_LINUX_VMALLOC_H
#define _WHOOP_LINUX_VMALLOC_H

#include <linux/spinlock.h>
#include <linux/init.h>
#include <linux/list.h>
#include <asm/page.h>

struct vm_area_struct;

extern void *vmalloc(unsigned long size);
extern void *vzalloc(unsigned long size);
extern void *vmalloc_user(unsigned long size);
extern void *vmalloc_node(unsigned long size, int node);
extern void *vzalloc_node(unsigned long size, int node);
extern void *vmalloc_32(unsigned long size);
extern void *vmalloc_32_user(unsigned long size);
extern void *__vmalloc(unsigned long size, gfp_t gfp_mask, pgprot_t prot);
extern void vfree(const void *addr);
extern void *vmap(struct page **pages, unsigned int count, unsigned long flags, pgprot_t prot);
extern void vunmap(const void *addr);
extern int remap_vmalloc_range(struct vm_area_struct *vma, void *addr, unsigned long pgoff);
extern struct page *vmalloc_to_page(const void *addr);
extern unsigned long vmalloc_to_pfn(const void *addr);

#endif /* _WHOOP_LINUX_VMALLOC_H */
