/* whoop model: linux/idr.h - integer id allocation. */
#ifndef _WHOOP_LINUX_IDR_H
#define _WHOOP_LINUX_IDR_H

#include <linux/types.h>
#include <linux/bitops.h>
#include <linux/init.h>
#include <linux/rcupdate.h>

struct idr_layer;

struct idr {
	struct idr_layer __rcu *hint;
	struct idr_layer __rcu *top;
	int layers;
	int cur;
	spinlock_t lock;
	int id_free_cnt;
	struct idr_layer *id_free;
};

#define IDR_INIT(name) { .lock = __SPIN_LOCK_INITIALIZER(name.lock), }
#define DEFINE_IDR(name) struct idr name = IDR_INIT(name)

extern void *idr_find_slowpath(struct idr *idp, int id);
extern void idr_preload(gfp_t gfp_mask);
extern int idr_alloc(struct idr *idp, void *ptr, int start, int end, gfp_t gfp_mask);
extern int idr_alloc_cyclic(struct idr *idr, void *ptr, int start, int end, gfp_t gfp_mask);
extern int idr_for_each(struct idr *idp, int (*fn)(int id, void *p, void *data), void *data);
extern void *idr_get_next(struct idr *idp, int *nextid);
extern void *idr_replace(struct idr *idp, void *ptr, int id);
extern void idr_remove(struct idr *idp, int id);
extern void idr_destroy(struct idr *idp);
extern void idr_init(struct idr *idp);
extern bool idr_is_empty(struct idr *idp);
extern void *idr_find(struct idr *idr, int id);

static inline void idr_preload_end(void)
{
	preempt_enable();
}

struct ida_bitmap;
struct ida {
	struct idr idr;
	struct ida_bitmap *free_bitmap;
};

#define IDA_INIT(name) { .idr = IDR_INIT((name).idr), .free_bitmap = NULL, }
#define DEFINE_IDA(name) struct ida name = IDA_INIT(name)

extern int ida_simple_get(struct ida *ida, unsigned int start, unsigned int end, gfp_t gfp_mask);
extern void ida_simple_remove(struct ida *ida, unsigned int id);
extern void ida_destroy(struct ida *ida);
extern void ida_init(struct ida *ida);

#endif /* _WHOOP_LINUX_IDR_H */
