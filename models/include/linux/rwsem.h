/* whoop model: linux/rwsem.h - reader-writer semaphores (readers share). */
#ifndef _WHOOP_LINUX_RWSEM_H
#define _WHOOP_LINUX_RWSEM_H

#include <linux/linkage.h>
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/spinlock.h>
#include <linux/atomic.h>

struct rw_semaphore;

struct rw_semaphore {
	long count;
	struct list_head wait_list;
	raw_spinlock_t wait_lock;
	struct task_struct *owner;
};

#define RWSEM_UNLOCKED_VALUE 0x00000000L

#define __RWSEM_INITIALIZER(name) \
	{ .count = RWSEM_UNLOCKED_VALUE, \
	  .wait_list = LIST_HEAD_INIT((name).wait_list), \
	  .wait_lock = __RAW_SPIN_LOCK_INITIALIZER(name.wait_lock) }

#define DECLARE_RWSEM(name) struct rw_semaphore name = __RWSEM_INITIALIZER(name)

/* Locking calls are semantics-table functions (rules 1 and 3). */
extern void init_rwsem(struct rw_semaphore *sem);
extern void __init_rwsem(struct rw_semaphore *sem, const char *name, struct lock_class_key *key);
extern int rwsem_is_locked(struct rw_semaphore *sem);
extern void down_read(struct rw_semaphore *sem);
extern void down_read_nested(struct rw_semaphore *sem, int subclass);
extern int down_read_trylock(struct rw_semaphore *sem);
extern void down_write(struct rw_semaphore *sem);
extern void down_write_nested(struct rw_semaphore *sem, int subclass);
extern int down_write_trylock(struct rw_semaphore *sem);
extern void up_read(struct rw_semaphore *sem);
extern void up_write(struct rw_semaphore *sem);
extern void downgrade_write(struct rw_semaphore *sem);
#define down_write_nest_lock(sem, nest_lock) down_write(sem)
#define down_read_non_owner(sem) down_read(sem)
#define up_read_non_owner(sem) up_read(sem)

#endif /* _WHOOP_LINUX_RWSEM_H */
