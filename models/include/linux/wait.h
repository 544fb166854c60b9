/* whoop model: linux/wait.h - wait queues, wake_up and the wait_event family. */
#ifndef _WHOOP_LINUX_WAIT_H
#define _WHOOP_LINUX_WAIT_H

#include <linux/list.h>
#include <linux/stddef.h>
#include <linux/spinlock.h>
#include <asm/current.h>

/*
 * Task states. The kernel defines them in linux/sched.h; they live here
 * because the wait_event and wake_up macros below expand to them and a
 * driver may include only <linux/wait.h>.
 */
#ifndef TASK_RUNNING
#define TASK_RUNNING 0
#define TASK_INTERRUPTIBLE 1
#define TASK_UNINTERRUPTIBLE 2
#define __TASK_STOPPED 4
#define __TASK_TRACED 8
#define EXIT_DEAD 16
#define EXIT_ZOMBIE 32
#define EXIT_TRACE (EXIT_ZOMBIE | EXIT_DEAD)
#define TASK_DEAD 64
#define TASK_WAKEKILL 128
#define TASK_WAKING 256
#define TASK_PARKED 512
#define TASK_STATE_MAX 1024
#define TASK_KILLABLE (TASK_WAKEKILL | TASK_UNINTERRUPTIBLE)
#define TASK_STOPPED (TASK_WAKEKILL | __TASK_STOPPED)
#define TASK_TRACED (TASK_WAKEKILL | __TASK_TRACED)
#define TASK_NORMAL (TASK_INTERRUPTIBLE | TASK_UNINTERRUPTIBLE)
#define TASK_ALL (TASK_NORMAL | __TASK_STOPPED | __TASK_TRACED)
#endif

typedef struct __wait_queue wait_queue_t;
typedef int (*wait_queue_func_t)(wait_queue_t *wait, unsigned mode, int flags, void *key);
int default_wake_function(wait_queue_t *wait, unsigned mode, int flags, void *key);

struct __wait_queue {
	unsigned int flags;
#define WQ_FLAG_EXCLUSIVE 0x01
	void *private;
	wait_queue_func_t func;
	struct list_head task_list;
};

struct wait_bit_key {
	void *flags;
	int bit_nr;
#define WAIT_ATOMIC_T_BIT_NR -1
	unsigned long timeout;
};

struct wait_bit_queue {
	struct wait_bit_key key;
	wait_queue_t wait;
};

struct __wait_queue_head {
	spinlock_t lock;
	struct list_head task_list;
};
typedef struct __wait_queue_head wait_queue_head_t;

struct task_struct;

#define __WAITQUEUE_INITIALIZER(name, tsk) { \
	.private = tsk, \
	.func = default_wake_function, \
	.task_list = { NULL, NULL } }

#define DECLARE_WAITQUEUE(name, tsk) wait_queue_t name = __WAITQUEUE_INITIALIZER(name, tsk)

#define __WAIT_QUEUE_HEAD_INITIALIZER(name) { \
	.lock = __SPIN_LOCK_INITIALIZER(name.lock), \
	.task_list = { &(name).task_list, &(name).task_list } }

#define DECLARE_WAIT_QUEUE_HEAD(name) wait_queue_head_t name = __WAIT_QUEUE_HEAD_INITIALIZER(name)
#define DECLARE_WAIT_QUEUE_HEAD_ONSTACK(name) DECLARE_WAIT_QUEUE_HEAD(name)

/* Lock-like initialiser (rule 3): an extern prototype. */
extern void init_waitqueue_head(wait_queue_head_t *q);
extern void __init_waitqueue_head(wait_queue_head_t *q, const char *name, struct lock_class_key *key);

static inline void init_waitqueue_entry(wait_queue_t *q, struct task_struct *p)
{
	q->flags = 0;
	q->private = p;
	q->func = default_wake_function;
}

static inline void init_waitqueue_func_entry(wait_queue_t *q, wait_queue_func_t func)
{
	q->flags = 0;
	q->private = NULL;
	q->func = func;
}

static inline int waitqueue_active(wait_queue_head_t *q)
{
	return !list_empty(&q->task_list);
}

extern void add_wait_queue(wait_queue_head_t *q, wait_queue_t *wait);
extern void add_wait_queue_exclusive(wait_queue_head_t *q, wait_queue_t *wait);
extern void remove_wait_queue(wait_queue_head_t *q, wait_queue_t *wait);

void __wake_up(wait_queue_head_t *q, unsigned int mode, int nr, void *key);
void __wake_up_locked_key(wait_queue_head_t *q, unsigned int mode, void *key);
void __wake_up_sync_key(wait_queue_head_t *q, unsigned int mode, int nr, void *key);
void __wake_up_locked(wait_queue_head_t *q, unsigned int mode, int nr);
void __wake_up_sync(wait_queue_head_t *q, unsigned int mode, int nr);
void __wake_up_bit(wait_queue_head_t *, void *, int);
void wake_up_bit(void *word, int bit);
void wake_up_atomic_t(atomic_t *p);

#define wake_up(x) __wake_up(x, TASK_NORMAL, 1, NULL)
#define wake_up_nr(x, nr) __wake_up(x, TASK_NORMAL, nr, NULL)
#define wake_up_all(x) __wake_up(x, TASK_NORMAL, 0, NULL)
#define wake_up_locked(x) __wake_up_locked((x), TASK_NORMAL, 1)
#define wake_up_all_locked(x) __wake_up_locked((x), TASK_NORMAL, 0)
#define wake_up_interruptible(x) __wake_up(x, TASK_INTERRUPTIBLE, 1, NULL)
#define wake_up_interruptible_nr(x, nr) __wake_up(x, TASK_INTERRUPTIBLE, nr, NULL)
#define wake_up_interruptible_all(x) __wake_up(x, TASK_INTERRUPTIBLE, 0, NULL)
#define wake_up_interruptible_sync(x) __wake_up_sync((x), TASK_INTERRUPTIBLE, 1)
#define wake_up_poll(x, m) __wake_up(x, TASK_NORMAL, 1, (void *)(m))
#define wake_up_locked_poll(x, m) __wake_up_locked_key((x), TASK_NORMAL, (void *)(m))
#define wake_up_interruptible_poll(x, m) __wake_up(x, TASK_INTERRUPTIBLE, 1, (void *)(m))
#define wake_up_interruptible_sync_poll(x, m) __wake_up_sync_key((x), TASK_INTERRUPTIBLE, 1, (void *)(m))

extern void prepare_to_wait(wait_queue_head_t *q, wait_queue_t *wait, int state);
extern void prepare_to_wait_exclusive(wait_queue_head_t *q, wait_queue_t *wait, int state);
extern long prepare_to_wait_event(wait_queue_head_t *q, wait_queue_t *wait, int state);
extern void finish_wait(wait_queue_head_t *q, wait_queue_t *wait);
extern void abort_exclusive_wait(wait_queue_head_t *q, wait_queue_t *wait, unsigned int mode, void *key);
int autoremove_wake_function(wait_queue_t *wait, unsigned mode, int sync, void *key);
int wake_bit_function(wait_queue_t *wait, unsigned mode, int sync, void *key);

#define DEFINE_WAIT_FUNC(name, function) \
	wait_queue_t name = { \
		.private = current, \
		.func = function, \
		.task_list = LIST_HEAD_INIT((name).task_list), \
	}
#define DEFINE_WAIT(name) DEFINE_WAIT_FUNC(name, autoremove_wake_function)

#define init_wait(wait) \
	do { \
		(wait)->private = current; \
		(wait)->func = autoremove_wake_function; \
		INIT_LIST_HEAD(&(wait)->task_list); \
		(wait)->flags = 0; \
	} while (0)

extern void schedule(void);
extern long schedule_timeout(long timeout);
extern long io_schedule_timeout(long timeout);
extern void io_schedule(void);

#define ___wait_is_interruptible(state) \
	(!__builtin_constant_p(state) || \
	 (state) == TASK_INTERRUPTIBLE || (state) == TASK_KILLABLE)

/*
 * The kernel's wait loop: the condition is re-read after every wake-up, so
 * its reads stay visible to the analysis; the task sleeps through cmd.
 */
#define ___wait_event(wq, condition, state, exclusive, ret, cmd) ({ \
	wait_queue_t __wait; \
	long __ret = ret; \
	INIT_LIST_HEAD(&__wait.task_list); \
	__wait.flags = (exclusive) ? WQ_FLAG_EXCLUSIVE : 0; \
	for (;;) { \
		long __int = prepare_to_wait_event(&wq, &__wait, state); \
		if (condition) \
			break; \
		if (___wait_is_interruptible(state) && __int) { \
			__ret = __int; \
			break; \
		} \
		cmd; \
	} \
	finish_wait(&wq, &__wait); \
	__ret; \
})

#define ___wait_cond_timeout(condition) ({ \
	bool __cond = (condition); \
	if (__cond && !__ret) \
		__ret = 1; \
	__cond || !__ret; \
})

#define wait_event(wq, condition) \
	do { \
		if (condition) \
			break; \
		(void)___wait_event(wq, condition, TASK_UNINTERRUPTIBLE, 0, 0, schedule()); \
	} while (0)

#define wait_event_io(wq, condition) \
	do { \
		if (condition) \
			break; \
		(void)___wait_event(wq, condition, TASK_UNINTERRUPTIBLE, 0, 0, io_schedule()); \
	} while (0)

#define wait_event_timeout(wq, condition, timeout) ({ \
	long __ret = timeout; \
	if (!___wait_cond_timeout(condition)) \
		__ret = ___wait_event(wq, ___wait_cond_timeout(condition), \
				      TASK_UNINTERRUPTIBLE, 0, timeout, \
				      __ret = schedule_timeout(__ret)); \
	__ret; \
})

#define wait_event_interruptible(wq, condition) ({ \
	int __ret = 0; \
	if (!(condition)) \
		__ret = ___wait_event(wq, condition, TASK_INTERRUPTIBLE, 0, 0, schedule()); \
	__ret; \
})

#define wait_event_interruptible_timeout(wq, condition, timeout) ({ \
	long __ret = timeout; \
	if (!___wait_cond_timeout(condition)) \
		__ret = ___wait_event(wq, ___wait_cond_timeout(condition), \
				      TASK_INTERRUPTIBLE, 0, timeout, \
				      __ret = schedule_timeout(__ret)); \
	__ret; \
})

#define wait_event_interruptible_exclusive(wq, condition) ({ \
	int __ret = 0; \
	if (!(condition)) \
		__ret = ___wait_event(wq, condition, TASK_INTERRUPTIBLE, 1, 0, schedule()); \
	__ret; \
})

#define wait_event_killable(wq, condition) ({ \
	int __ret = 0; \
	if (!(condition)) \
		__ret = ___wait_event(wq, condition, TASK_KILLABLE, 0, 0, schedule()); \
	__ret; \
})

#define wait_event_killable_timeout(wq, condition, timeout) ({ \
	long __ret = timeout; \
	if (!___wait_cond_timeout(condition)) \
		__ret = ___wait_event(wq, ___wait_cond_timeout(condition), \
				      TASK_KILLABLE, 0, timeout, \
				      __ret = schedule_timeout(__ret)); \
	__ret; \
})

/* Sleeps with the spinlock released, as the kernel does: the unlock and relock stay visible. */
#define wait_event_lock_irq_cmd(wq, condition, lock, cmd) \
	do { \
		if (condition) \
			break; \
		(void)___wait_event(wq, condition, TASK_UNINTERRUPTIBLE, 0, 0, \
				    spin_unlock_irq(&lock); cmd; schedule(); spin_lock_irq(&lock)); \
	} while (0)

#define wait_event_lock_irq(wq, condition, lock) \
	do { \
		if (condition) \
			break; \
		(void)___wait_event(wq, condition, TASK_UNINTERRUPTIBLE, 0, 0, \
				    spin_unlock_irq(&lock); schedule(); spin_lock_irq(&lock)); \
	} while (0)

#define wait_event_interruptible_lock_irq(wq, condition, lock) ({ \
	int __ret = 0; \
	if (!(condition)) \
		__ret = ___wait_event(wq, condition, TASK_INTERRUPTIBLE, 0, 0, \
				      spin_unlock_irq(&lock); schedule(); spin_lock_irq(&lock)); \
	__ret; \
})

#define wait_event_interruptible_lock_irq_timeout(wq, condition, lock, timeout) ({ \
	long __ret = timeout; \
	if (!___wait_cond_timeout(condition)) \
		__ret = ___wait_event(wq, ___wait_cond_timeout(condition), \
				      TASK_INTERRUPTIBLE, 0, timeout, \
				      spin_unlock_irq(&lock); \
				      __ret = schedule_timeout(__ret); \
				      spin_lock_irq(&lock)); \
	__ret; \
})

extern int out_of_line_wait_on_bit(void *word, int bit, int (*action)(struct wait_bit_key *, int mode), unsigned mode);
extern int wait_on_bit(unsigned long *word, int bit, unsigned mode);
extern int wait_on_bit_lock(unsigned long *word, int bit, unsigned mode);
extern int wait_on_bit_timeout(unsigned long *word, int bit, unsigned mode, unsigned long timeout);

#endif /* _WHOOP_LINUX_WAIT_H */
