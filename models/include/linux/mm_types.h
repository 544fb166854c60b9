/* whoop model: linux/mm_types.h - struct page, vm_area_struct, mm_struct. */
#ifndef _WHOOP_LINUX_MM_TYPES_H
#define _WHOOP_LINUX_MM_TYPES_H

#include <linux/types.h>
#include <linux/list.h>
#include <linux/rbtree.h>
#include <linux/spinlock.h>
#include <linux/rwsem.h>
#include <linux/completion.h>
#include <asm/page.h>

struct address_space;
struct file;
struct anon_vma;
struct vm_operations_struct;

struct page {
	unsigned long flags;
	struct address_space *mapping;
	unsigned long index;
	atomic_t _mapcount;
	atomic_t _count;
	struct list_head lru;
	unsigned long private;
	void *virtual;
};

struct vm_area_struct {
	unsigned long vm_start;
	unsigned long vm_end;
	struct vm_area_struct *vm_next, *vm_prev;
	struct rb_node vm_rb;
	unsigned long rb_subtree_gap;
	struct mm_struct *vm_mm;
	pgprot_t vm_page_prot;
	unsigned long vm_flags;
	struct list_head anon_vma_chain;
	struct anon_vma *anon_vma;
	const struct vm_operations_struct *vm_ops;
	unsigned long vm_pgoff;
	struct file *vm_file;
	void *vm_private_data;
};

struct mm_struct {
	struct vm_area_struct *mmap;
	struct rb_root mm_rb;
	u32 vmacache_seqnum;
	unsigned long mmap_base;
	unsigned long task_size;
	unsigned long highest_vm_end;
	pgd_t *pgd;
	atomic_t mm_users;
	atomic_t mm_count;
	int map_count;
	spinlock_t page_table_lock;
	struct rw_semaphore mmap_sem;
	struct list_head mmlist;
	unsigned long hiwater_rss;
	unsigned long hiwater_vm;
	unsigned long total_vm;
	unsigned long locked_vm;
	unsigned long pinned_vm;
	unsigned long shared_vm;
	unsigned long exec_vm;
	unsigned long stack_vm;
	unsigned long def_flags;
	unsigned long start_code, end_code, start_data, end_data;
	unsigned long start_brk, brk, start_stack;
	unsigned long arg_start, arg_end, env_start, env_end;
	unsigned long flags;
};

#endif /* _WHOOP_LINUX_MM_TYPES_H */
