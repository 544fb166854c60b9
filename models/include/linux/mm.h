/* whoop model: linux/mm.h - memory mapping for mmap handlers, page helpers. */
#ifndef _WHOOP_LINUX_MM_H
#define _WHOOP_LINUX_MM_H

#include <linux/errno.h>
#include <linux/gfp.h>
#include <linux/bug.h>
#include <linux/list.h>
#include <linux/mm_types.h>
#include <linux/err.h>
#include <linux/kernel.h>
#include <asm/page.h>
#include <asm/pgtable.h>
#include <asm/processor.h>

struct file;
struct inode;
struct user_struct;

extern unsigned long totalram_pages;
extern unsigned long num_physpages;
extern void *high_memory;

#define PAGE_ALIGN(addr) ALIGN(addr, PAGE_SIZE)
#define offset_in_page(p) ((unsigned long)(p) & ~PAGE_MASK)

#define VM_NONE 0x00000000
#define VM_READ 0x00000001
#define VM_WRITE 0x00000002
#define VM_EXEC 0x00000004
#define VM_SHARED 0x00000008
#define VM_MAYREAD 0x00000010
#define VM_MAYWRITE 0x00000020
#define VM_MAYEXEC 0x00000040
#define VM_MAYSHARE 0x00000080
#define VM_GROWSDOWN 0x00000100
#define VM_PFNMAP 0x00000400
#define VM_DENYWRITE 0x00000800
#define VM_LOCKED 0x00002000
#define VM_IO 0x00004000
#define VM_SEQ_READ 0x00008000
#define VM_RAND_READ 0x00010000
#define VM_DONTCOPY 0x00020000
#define VM_DONTEXPAND 0x00040000
#define VM_ACCOUNT 0x00100000
#define VM_NORESERVE 0x00200000
#define VM_HUGETLB 0x00400000
#define VM_ARCH_1 0x01000000
#define VM_DONTDUMP 0x04000000
#define VM_MIXEDMAP 0x10000000
#define VM_HUGEPAGE 0x20000000
#define VM_NOHUGEPAGE 0x40000000
#define VM_MERGEABLE 0x80000000
#define VM_RESERVED (VM_DONTEXPAND | VM_DONTDUMP)

#define FAULT_FLAG_WRITE 0x01
#define VM_FAULT_OOM 0x0001
#define VM_FAULT_SIGBUS 0x0002
#define VM_FAULT_MAJOR 0x0004
#define VM_FAULT_WRITE 0x0008
#define VM_FAULT_NOPAGE 0x0100
#define VM_FAULT_LOCKED 0x0200
#define VM_FAULT_RETRY 0x0400
#define VM_FAULT_ERROR (VM_FAULT_OOM | VM_FAULT_SIGBUS)

struct vm_fault {
	unsigned int flags;
	unsigned long pgoff;
	void __user *virtual_address;
	struct page *cow_page;
	struct page *page;
	unsigned long max_pgoff;
	pte_t *pte;
};

struct vm_operations_struct {
	void (*open)(struct vm_area_struct *area);
	void (*close)(struct vm_area_struct *area);
	int (*fault)(struct vm_area_struct *vma, struct vm_fault *vmf);
	void (*map_pages)(struct vm_area_struct *vma, struct vm_fault *vmf);
	int (*page_mkwrite)(struct vm_area_struct *vma, struct vm_fault *vmf);
	int (*access)(struct vm_area_struct *vma, unsigned long addr, void *buf, int len, int write);
	const char *(*name)(struct vm_area_struct *vma);
};

extern int remap_pfn_range(struct vm_area_struct *, unsigned long addr, unsigned long pfn,
			   unsigned long size, pgprot_t);
#define io_remap_pfn_range remap_pfn_range
extern int vm_insert_page(struct vm_area_struct *, unsigned long addr, struct page *);
extern int vm_insert_pfn(struct vm_area_struct *vma, unsigned long addr, unsigned long pfn);
extern int vm_iomap_memory(struct vm_area_struct *vma, phys_addr_t start, unsigned long len);
extern unsigned long vm_mmap(struct file *, unsigned long, unsigned long, unsigned long,
			     unsigned long, unsigned long);
extern int vm_munmap(unsigned long, size_t);
extern struct vm_area_struct *find_vma(struct mm_struct *mm, unsigned long addr);

extern long get_user_pages(struct task_struct *tsk, struct mm_struct *mm, unsigned long start,
			   unsigned long nr_pages, int write, int force, struct page **pages,
			   struct vm_area_struct **vmas);
extern int get_user_pages_fast(unsigned long start, int nr_pages, int write, struct page **pages);
extern void *page_address(const struct page *page);
extern void get_page(struct page *page);
extern void put_page(struct page *page);
extern void set_page_dirty_lock(struct page *page);
extern int set_page_dirty(struct page *page);
extern void SetPageReserved(struct page *page);
extern void ClearPageReserved(struct page *page);
extern int PageHighMem(struct page *page);
extern int page_count(struct page *page);
#define page_cache_release(page) put_page(page)
extern void si_meminfo(struct sysinfo *val);

static inline unsigned long vma_pages(struct vm_area_struct *vma)
{
	return (vma->vm_end - vma->vm_start) >> PAGE_SHIFT;
}

#endif /* _WHOOP_LINUX_MM_H */
