/* whoop model: linux/rtmutex.h - priority-inheritance mutexes. */
#ifndef _WHOOP_LINUX_RTMUTEX_H
#define _WHOOP_LINUX_RTMUTEX_H

#include <linux/linkage.h>
#include <linux/rbtree.h>
#include <linux/spinlock_types.h>

struct rt_mutex {
	raw_spinlock_t wait_lock;
	struct rb_root waiters;
	struct rb_node *waiters_leftmost;
	struct task_struct *owner;
};

#define __RT_MUTEX_INITIALIZER(mutexname) \
	{ .wait_lock = __RAW_SPIN_LOCK_INITIALIZER(mutexname.wait_lock), .waiters = { NULL }, .owner = NULL }
#define DEFINE_RT_MUTEX(mutexname) struct rt_mutex mutexname = __RT_MUTEX_INITIALIZER(mutexname)

extern void rt_mutex_init(struct rt_mutex *lock);
extern void rt_mutex_destroy(struct rt_mutex *lock);
extern void rt_mutex_lock(struct rt_mutex *lock);
extern int rt_mutex_lock_interruptible(struct rt_mutex *lock);
extern int rt_mutex_trylock(struct rt_mutex *lock);
extern void rt_mutex_unlock(struct rt_mutex *lock);
extern int rt_mutex_is_locked(struct rt_mutex *lock);

#endif /* _WHOOP_LINUX_RTMUTEX_H */
