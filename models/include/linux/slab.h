/* whoop model: linux/slab.h - kmalloc and slab caches. */
#ifndef _WHOOP_LINUX_SLAB_H
#define _WHOOP_LINUX_SLAB_H

#include <linux/gfp.h>
#include <linux/types.h>
#include <linux/workqueue.h>

#define SLAB_DEBUG_FREE 0x00000100UL
#define SLAB_RED_ZONE 0x00000400UL
#define SLAB_POISON 0x00000800UL
#define SLAB_HWCACHE_ALIGN 0x00002000UL
#define SLAB_CACHE_DMA 0x00004000UL
#define SLAB_STORE_USER 0x00010000UL
#define SLAB_PANIC 0x00040000UL
#define SLAB_DESTROY_BY_RCU 0x00080000UL
#define SLAB_MEM_SPREAD 0x00100000UL
#define SLAB_TRACE 0x00200000UL
#define SLAB_RECLAIM_ACCOUNT 0x00020000UL
#define SLAB_TEMPORARY SLAB_RECLAIM_ACCOUNT

#define ZERO_SIZE_PTR ((void *)16)
#define ZERO_OR_NULL_PTR(x) ((unsigned long)(x) <= (unsigned long)ZERO_SIZE_PTR)

#define KMALLOC_SHIFT_MAX 23
#define KMALLOC_MAX_SIZE (1UL << KMALLOC_SHIFT_MAX)
#define ARCH_KMALLOC_MINALIGN __alignof__(unsigned long long)

struct kmem_cache;

/* Allocation helpers are semantics-table functions (rule 1): extern prototypes. */
extern struct kmem_cache *kmem_cache_create(const char *name, size_t size, size_t align,
					    unsigned long flags, void (*ctor)(void *));
extern void kmem_cache_destroy(struct kmem_cache *s);
extern int kmem_cache_shrink(struct kmem_cache *s);
extern void *kmem_cache_alloc(struct kmem_cache *s, gfp_t flags);
extern void *kmem_cache_zalloc(struct kmem_cache *k, gfp_t flags);
extern void kmem_cache_free(struct kmem_cache *s, void *objp);
#define KMEM_CACHE(__struct, __flags) \
	kmem_cache_create(#__struct, sizeof(struct __struct), __alignof__(struct __struct), (__flags), NULL)

extern void *__kmalloc(size_t size, gfp_t flags);
extern void *kmalloc(size_t size, gfp_t flags);
extern void *kzalloc(size_t size, gfp_t flags);
extern void *kcalloc(size_t n, size_t size, gfp_t flags);
extern void *kmalloc_array(size_t n, size_t size, gfp_t flags);
extern void *kmalloc_node(size_t size, gfp_t flags, int node);
extern void *kzalloc_node(size_t size, gfp_t flags, int node);
extern void *krealloc(const void *p, size_t new_size, gfp_t flags);
extern void kfree(const void *objp);
extern void kzfree(const void *objp);
extern size_t ksize(const void *objp);

#endif /* _WHOOP_LINUX_SLAB_H */
