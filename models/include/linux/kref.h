/* whoop model: linux/kref.h - reference counts on atomic_t. */
#ifndef _WHOOP_LINUX_KREF_H
#define _WHOOP_LINUX_KREF_H

#include <linux/bug.h>
#include <linux/atomic.h>
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>

struct kref {
	atomic_t refcount;
};

static inline void kref_init(struct kref *kref)
{
	atomic_set(&kref->refcount, 1);
}

static inline void kref_get(struct kref *kref)
{
	atomic_inc(&kref->refcount);
}

static inline int kref_sub(struct kref *kref, unsigned int count, void (*release)(struct kref *kref))
{
	if (atomic_sub_and_test((int)count, &kref->refcount)) {
		release(kref);
		return 1;
	}
	return 0;
}

static inline int kref_put(struct kref *kref, void (*release)(struct kref *kref))
{
	return kref_sub(kref, 1, release);
}

static inline int kref_put_mutex(struct kref *kref, void (*release)(struct kref *kref), struct mutex *lock)
{
	if (atomic_dec_and_mutex_lock(&kref->refcount, lock)) {
		release(kref);
		return 1;
	}
	return 0;
}

static inline int __must_check kref_get_unless_zero(struct kref *kref)
{
	return atomic_add_unless(&kref->refcount, 1, 0);
}

#endif /* _WHOOP_LINUX_KREF_H */
