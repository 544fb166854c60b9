/* whoop model: linux/pagemap.h - page cache sizes. */
#ifndef _WHOOP_LINUX_PAGEMAP_H
#define _WHOOP_LINUX_PAGEMAP_H

#include <linux/mm.h>
#include <linux/fs.h>
#include <linux/list.h>
#include <linux/highmem.h>
#include <linux/compiler.h>
#include <asm/uaccess.h>
#include <linux/gfp.h>
#include <linux/bitops.h>

#define page_cache_get(page) get_page(page)

extern void unlock_page(struct page *page);
extern void lock_page(struct page *page);

#endif /* _WHOOP_LINUX_PAGEMAP_H */
