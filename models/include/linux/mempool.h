/* whoop model: linux/mempool.h - reserved-element memory pools. */
#ifndef _WHOOP_LINUX_MEMPOOL_H
#define _WHOOP_LINUX_MEMPOOL_H

#include <linux/wait.h>
#include <linux/gfp.h>

struct kmem_cache;

typedef void *(mempool_alloc_t)(gfp_t gfp_mask, void *pool_data);
typedef void (mempool_free_t)(void *element, void *pool_data);

typedef struct mempool_s {
	spinlock_t lock;
	int min_nr;
	int curr_nr;
	void **elements;
	void *pool_data;
	mempool_alloc_t *alloc;
	mempool_free_t *free;
	wait_queue_head_t wait;
} mempool_t;

extern mempool_t *mempool_create(int min_nr, mempool_alloc_t *alloc_fn, mempool_free_t *free_fn, void *pool_data);
extern mempool_t *mempool_create_kmalloc_pool(int min_nr, size_t size);
extern mempool_t *mempool_create_slab_pool(int min_nr, struct kmem_cache *kc);
extern void mempool_destroy(mempool_t *pool);
extern void *mempool_alloc(mempool_t *pool, gfp_t gfp_mask);
extern void mempool_free(void *element, mempool_t *pool);

#endif /* _WHOOP_LINUX_MEMPOOL_H */
