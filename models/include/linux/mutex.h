/* whoop model: linux/mutex.h - sleeping mutual-exclusion locks. */
#ifndef _WHOOP_LINUX_MUTEX_H
#define _WHOOP_LINUX_MUTEX_H

#include <asm/current.h>
#include <linux/list.h>
#include <linux/spinlock_types.h>
#include <linux/linkage.h>
#include <linux/lockdep.h>
#include <linux/atomic.h>
#include <asm/processor.h>

struct task_struct;

struct mutex {
	atomic_t count;
	spinlock_t wait_lock;
	struct list_head wait_list;
	struct task_struct *owner;
};

struct mutex_waiter {
	struct list_head list;
	struct task_struct *task;
};

#define __MUTEX_INITIALIZER(lockname) \
	{ .count = ATOMIC_INIT(1), \
	  .wait_lock = __SPIN_LOCK_INITIALIZER(lockname.wait_lock), \
	  .wait_list = LIST_HEAD_INIT(lockname.wait_list) }

#define DEFINE_MUTEX(mutexname) struct mutex mutexname = __MUTEX_INITIALIZER(mutexname)

/* Locking calls are semantics-table functions (rules 1 and 3). */
extern void mutex_init(struct mutex *lock);
extern void __mutex_init(struct mutex *lock, const char *name, struct lock_class_key *key);
extern void mutex_destroy(struct mutex *lock);
extern int mutex_is_locked(struct mutex *lock);

extern void mutex_lock(struct mutex *lock);
extern void mutex_lock_nested(struct mutex *lock, unsigned int subclass);
extern void mutex_lock_io(struct mutex *lock); /* added after 4.0; declared so newer drivers parse */
extern int __must_check mutex_lock_interruptible(struct mutex *lock);
extern int __must_check mutex_lock_killable(struct mutex *lock);
extern int __must_check mutex_lock_interruptible_nested(struct mutex *lock, unsigned int subclass);
extern int __must_check mutex_lock_killable_nested(struct mutex *lock, unsigned int subclass);
#define mutex_lock_nest_lock(lock, nest_lock) mutex_lock(lock)
extern int mutex_trylock(struct mutex *lock);
extern void mutex_unlock(struct mutex *lock);
extern int atomic_dec_and_mutex_lock(atomic_t *cnt, struct mutex *lock);

#endif /* _WHOOP_LINUX_MUTEX_H */
