/* whoop model: linux/rcupdate.h - read-copy-update primitives. */
#ifndef _WHOOP_LINUX_RCUPDATE_H
#define _WHOOP_LINUX_RCUPDATE_H

#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/spinlock.h>
#include <linux/threads.h>
#include <linux/completion.h>
#include <linux/bug.h>

extern void rcu_read_lock(void);
extern void rcu_read_unlock(void);
extern void rcu_read_lock_bh(void);
extern void rcu_read_unlock_bh(void);
extern void rcu_read_lock_sched(void);
extern void rcu_read_unlock_sched(void);
extern void synchronize_rcu(void);
extern void synchronize_rcu_bh(void);
extern void synchronize_sched(void);
extern void synchronize_net(void);
extern void rcu_barrier(void);
extern void rcu_barrier_bh(void);
extern void call_rcu(struct rcu_head *head, void (*func)(struct rcu_head *head));
extern void call_rcu_bh(struct rcu_head *head, void (*func)(struct rcu_head *head));
extern void kfree_call_rcu(struct rcu_head *head, void (*func)(struct rcu_head *rcu));

/* RCU-protected pointer reads and publication are marked accesses. */
#define rcu_dereference(p) READ_ONCE(p)
#define rcu_dereference_bh(p) READ_ONCE(p)
#define rcu_dereference_sched(p) READ_ONCE(p)
#define rcu_dereference_check(p, c) READ_ONCE(p)
#define rcu_dereference_protected(p, c) (p)
#define rcu_dereference_raw(p) READ_ONCE(p)
#define rcu_access_pointer(p) READ_ONCE(p)
#define rcu_assign_pointer(p, v) do { barrier(); WRITE_ONCE(p, v); } while (0)
#define RCU_INIT_POINTER(p, v) do { (p) = (v); } while (0)
#define RCU_POINTER_INITIALIZER(p, v) .p = (v)
#define rcu_read_lock_held() 1
#define rcu_read_lock_bh_held() 1

#define kfree_rcu(ptr, rcu_head) \
	kfree_call_rcu(&((ptr)->rcu_head), \
		       (void (*)(struct rcu_head *))(unsigned long)offsetof(__typeof__(*(ptr)), rcu_head))

#endif /* _WHOOP_LINUX_RCUPDATE_H */
