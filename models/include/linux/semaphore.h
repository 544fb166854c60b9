/* whoop model: linux/semaphore.h - counting semaphores. */
#ifndef _WHOOP_LINUX_SEMAPHORE_H
#define _WHOOP_LINUX_SEMAPHORE_H

#include <linux/list.h>
#include <linux/spinlock.h>

struct semaphore {
	raw_spinlock_t lock;
	unsigned int count;
	struct list_head wait_list;
};

#define __SEMAPHORE_INITIALIZER(name, n) \
{ \
	.lock = __RAW_SPIN_LOCK_INITIALIZER((name).lock), \
	.count = n, \
	.wait_list = LIST_HEAD_INIT((name).wait_list), \
}

#define DEFINE_SEMAPHORE(name) struct semaphore name = __SEMAPHORE_INITIALIZER(name, 1)

/* Semaphore calls are semantics-table functions (rules 1 and 3). */
extern void sema_init(struct semaphore *sem, int val);
extern void down(struct semaphore *sem);
extern int __must_check down_interruptible(struct semaphore *sem);
extern int __must_check down_killable(struct semaphore *sem);
extern int __must_check down_trylock(struct semaphore *sem);
extern int __must_check down_timeout(struct semaphore *sem, long jiffies);
extern void up(struct semaphore *sem);

#endif /* _WHOOP_LINUX_SEMAPHORE_H */
