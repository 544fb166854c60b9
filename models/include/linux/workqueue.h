/* whoop model: linux/workqueue.h - work items and workqueues (callback registration, rules 1 and 6). */
#ifndef _WHOOP_LINUX_WORKQUEUE_H
#define _WHOOP_LINUX_WORKQUEUE_H

#include <linux/timer.h>
#include <linux/linkage.h>
#include <linux/bitops.h>
#include <linux/lockdep.h>
#include <linux/threads.h>
#include <linux/atomic.h>

struct workqueue_struct;
struct work_struct;

typedef void (*work_func_t)(struct work_struct *work);
void delayed_work_timer_fn(unsigned long __data);

#define work_data_bits(work) ((unsigned long *)(&(work)->data))

enum {
	WORK_STRUCT_PENDING_BIT = 0,
	WORK_STRUCT_DELAYED_BIT = 1,
	WORK_STRUCT_PWQ_BIT = 2,
	WORK_STRUCT_LINKED_BIT = 3,
	WORK_STRUCT_COLOR_SHIFT = 4,
	WORK_STRUCT_PENDING = 1 << WORK_STRUCT_PENDING_BIT,
	WORK_CPU_UNBOUND = NR_CPUS,
	WORK_STRUCT_NO_POOL = 0,
};

struct work_struct {
	atomic_long_t data;
	struct list_head entry;
	work_func_t func;
};

#define WORK_DATA_INIT() ATOMIC_LONG_INIT(WORK_STRUCT_NO_POOL)
#define WORK_DATA_STATIC_INIT() ATOMIC_LONG_INIT(WORK_STRUCT_NO_POOL)

struct delayed_work {
	struct work_struct work;
	struct timer_list timer;
	struct workqueue_struct *wq;
	int cpu;
};

static inline struct delayed_work *to_delayed_work(struct work_struct *work)
{
	return container_of(work, struct delayed_work, work);
}

struct execute_work {
	struct work_struct work;
};

#define __WORK_INITIALIZER(n, f) { \
	.data = WORK_DATA_STATIC_INIT(), \
	.entry = { &(n).entry, &(n).entry }, \
	.func = (f), \
}

#define __DELAYED_WORK_INITIALIZER(n, f, tflags) { \
	.work = __WORK_INITIALIZER((n).work, (f)), \
	.timer = __TIMER_INITIALIZER(delayed_work_timer_fn, 0, (unsigned long)&(n), (tflags) | TIMER_IRQSAFE), \
}

#define DECLARE_WORK(n, f) struct work_struct n = __WORK_INITIALIZER(n, f)
#define DECLARE_DELAYED_WORK(n, f) struct delayed_work n = __DELAYED_WORK_INITIALIZER(n, f, 0)
#define DECLARE_DEFERRABLE_WORK(n, f) struct delayed_work n = __DELAYED_WORK_INITIALIZER(n, f, TIMER_DEFERRABLE)

/*
 * Initialisers leave a call with a recognisable name and the callback as an
 * argument (rule 6). The kernel's __INIT_WORK takes an on-stack flag too.
 */
extern void __INIT_WORK(struct work_struct *work, work_func_t func);
extern void __INIT_DELAYED_WORK(struct delayed_work *work, work_func_t func);
#define INIT_WORK(_work, _func) __INIT_WORK((_work), (_func))
#define INIT_WORK_ONSTACK(_work, _func) __INIT_WORK((_work), (_func))
#define INIT_DELAYED_WORK(_work, _func) __INIT_DELAYED_WORK((_work), (_func))
#define INIT_DELAYED_WORK_ONSTACK(_work, _func) __INIT_DELAYED_WORK((_work), (_func))
#define INIT_DEFERRABLE_WORK(_work, _func) __INIT_DELAYED_WORK((_work), (_func))
#define INIT_DEFERRABLE_WORK_ONSTACK(_work, _func) __INIT_DELAYED_WORK((_work), (_func))

#define work_pending(work) test_bit(WORK_STRUCT_PENDING_BIT, work_data_bits(work))
#define delayed_work_pending(w) work_pending(&(w)->work)

enum {
	WQ_UNBOUND = 1 << 1,
	WQ_FREEZABLE = 1 << 2,
	WQ_MEM_RECLAIM = 1 << 3,
	WQ_HIGHPRI = 1 << 4,
	WQ_CPU_INTENSIVE = 1 << 5,
	WQ_SYSFS = 1 << 6,
	WQ_POWER_EFFICIENT = 1 << 7,
	__WQ_DRAINING = 1 << 16,
	__WQ_ORDERED = 1 << 17,
	WQ_MAX_ACTIVE = 512,
	WQ_MAX_UNBOUND_PER_CPU = 4,
	WQ_DFL_ACTIVE = WQ_MAX_ACTIVE / 2,
};

extern struct workqueue_struct *system_wq;
extern struct workqueue_struct *system_highpri_wq;
extern struct workqueue_struct *system_long_wq;
extern struct workqueue_struct *system_unbound_wq;
extern struct workqueue_struct *system_freezable_wq;
extern struct workqueue_struct *system_power_efficient_wq;
extern struct workqueue_struct *system_freezable_power_efficient_wq;

extern __printf(1, 4) struct workqueue_struct *alloc_workqueue(const char *fmt, unsigned int flags,
								int max_active, ...);
#define alloc_ordered_workqueue(fmt, flags, ...) \
	alloc_workqueue(fmt, WQ_UNBOUND | __WQ_ORDERED | (flags), 1, ##__VA_ARGS__)
#define create_workqueue(name) alloc_workqueue("%s", WQ_MEM_RECLAIM, 1, (name))
#define create_freezable_workqueue(name) \
	alloc_workqueue("%s", WQ_FREEZABLE | WQ_UNBOUND | WQ_MEM_RECLAIM, 1, (name))
#define create_singlethread_workqueue(name) alloc_ordered_workqueue("%s", WQ_MEM_RECLAIM, name)

extern void destroy_workqueue(struct workqueue_struct *wq);

extern bool queue_work_on(int cpu, struct workqueue_struct *wq, struct work_struct *work);
extern bool queue_delayed_work_on(int cpu, struct workqueue_struct *wq, struct delayed_work *work,
				  unsigned long delay);
extern bool mod_delayed_work_on(int cpu, struct workqueue_struct *wq, struct delayed_work *dwork,
				unsigned long delay);
extern bool queue_work(struct workqueue_struct *wq, struct work_struct *work);
extern bool queue_delayed_work(struct workqueue_struct *wq, struct delayed_work *dwork,
			       unsigned long delay);
extern bool mod_delayed_work(struct workqueue_struct *wq, struct delayed_work *dwork,
			     unsigned long delay);
extern bool schedule_work_on(int cpu, struct work_struct *work);
extern bool schedule_work(struct work_struct *work);
extern bool schedule_delayed_work_on(int cpu, struct delayed_work *dwork, unsigned long delay);
extern bool schedule_delayed_work(struct delayed_work *dwork, unsigned long delay);

extern void flush_workqueue(struct workqueue_struct *wq);
extern void drain_workqueue(struct workqueue_struct *wq);
extern void flush_scheduled_work(void);
extern int execute_in_process_context(work_func_t fn, struct execute_work *);

extern bool flush_work(struct work_struct *work);
extern bool cancel_work_sync(struct work_struct *work);
/* Added after 4.0; declared so newer drivers parse. */
extern bool cancel_work(struct work_struct *work);
extern bool flush_delayed_work(struct delayed_work *dwork);
extern bool cancel_delayed_work(struct delayed_work *dwork);
extern bool cancel_delayed_work_sync(struct delayed_work *dwork);

extern void workqueue_set_max_active(struct workqueue_struct *wq, int max_active);
extern bool current_is_workqueue_rescuer(void);
extern bool workqueue_congested(int cpu, struct workqueue_struct *wq);
extern unsigned int work_busy(struct work_struct *work);

#endif /* _WHOOP_LINUX_WORKQUEUE_H */
