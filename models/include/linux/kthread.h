/* whoop model: linux/kthread.h - kernel threads and kthread workers. */
#ifndef _WHOOP_LINUX_KTHREAD_H
#define _WHOOP_LINUX_KTHREAD_H

#include <linux/err.h>
#include <linux/sched.h>

/* Thread creation registers threadfn as an entry point (rule 1). */
extern __printf(4, 5) struct task_struct *kthread_create_on_node(int (*threadfn)(void *data), void *data,
								  int node, const char namefmt[], ...);
#define kthread_create(threadfn, data, namefmt, ...) \
	kthread_create_on_node(threadfn, data, -1, namefmt, ##__VA_ARGS__)
#define kthread_run(threadfn, data, namefmt, ...) \
	({ \
		struct task_struct *__k = kthread_create(threadfn, data, namefmt, ##__VA_ARGS__); \
		if (!IS_ERR(__k)) \
			wake_up_process(__k); \
		__k; \
	})

extern void kthread_bind(struct task_struct *k, unsigned int cpu);
extern int kthread_stop(struct task_struct *k);
extern bool kthread_should_stop(void);
extern bool kthread_should_park(void);
extern bool kthread_freezable_should_stop(bool *was_frozen);
extern void *kthread_data(struct task_struct *k);
extern int kthread_park(struct task_struct *k);
extern void kthread_unpark(struct task_struct *k);
extern void kthread_parkme(void);
extern int kthreadd(void *unused);

struct kthread_work;
typedef void (*kthread_work_func_t)(struct kthread_work *work);

struct kthread_worker {
	spinlock_t lock;
	struct list_head work_list;
	struct task_struct *task;
	struct kthread_work *current_work;
};

struct kthread_work {
	struct list_head node;
	kthread_work_func_t func;
	struct kthread_worker *worker;
};

extern void __init_kthread_worker(struct kthread_worker *worker, const char *name, struct lock_class_key *key);
extern void init_kthread_worker(struct kthread_worker *worker);
extern void init_kthread_work(struct kthread_work *work, kthread_work_func_t fn);
extern int kthread_worker_fn(void *worker_ptr);
extern bool queue_kthread_work(struct kthread_worker *worker, struct kthread_work *work);
extern void flush_kthread_work(struct kthread_work *work);
extern void flush_kthread_worker(struct kthread_worker *worker);

#endif /* _WHOOP_LINUX_KTHREAD_H */
