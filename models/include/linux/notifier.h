/* whoop model: linux/notifier.h - notifier chains. */
#ifndef _WHOOP_LINUX_NOTIFIER_H
#define _WHOOP_LINUX_NOTIFIER_H

#include <linux/errno.h>
#include <linux/mutex.h>
#include <linux/rwsem.h>
#include <linux/srcu.h>

struct notifier_block;

typedef int (*notifier_fn_t)(struct notifier_block *nb, unsigned long action, void *data);

struct notifier_block {
	notifier_fn_t notifier_call;
	struct notifier_block __rcu *next;
	int priority;
};

struct atomic_notifier_head {
	spinlock_t lock;
	struct notifier_block __rcu *head;
};

struct blocking_notifier_head {
	struct rw_semaphore rwsem;
	struct notifier_block __rcu *head;
};

struct raw_notifier_head {
	struct notifier_block __rcu *head;
};

struct srcu_notifier_head {
	struct mutex mutex;
	struct srcu_struct srcu;
	struct notifier_block __rcu *head;
};

extern void srcu_init_notifier_head(struct srcu_notifier_head *nh);
extern int srcu_notifier_chain_register(struct srcu_notifier_head *nh, struct notifier_block *nb);
extern int srcu_notifier_chain_unregister(struct srcu_notifier_head *nh, struct notifier_block *nb);
extern int srcu_notifier_call_chain(struct srcu_notifier_head *nh, unsigned long val, void *v);

#define ATOMIC_NOTIFIER_INIT(name) { \
	.lock = __SPIN_LOCK_INITIALIZER(name.lock), \
	.head = NULL }
#define BLOCKING_NOTIFIER_INIT(name) { \
	.rwsem = __RWSEM_INITIALIZER((name).rwsem), \
	.head = NULL }
#define RAW_NOTIFIER_INIT(name) { .head = NULL }

#define ATOMIC_NOTIFIER_HEAD(name) struct atomic_notifier_head name = ATOMIC_NOTIFIER_INIT(name)
#define BLOCKING_NOTIFIER_HEAD(name) struct blocking_notifier_head name = BLOCKING_NOTIFIER_INIT(name)
#define RAW_NOTIFIER_HEAD(name) struct raw_notifier_head name = RAW_NOTIFIER_INIT(name)

extern void ATOMIC_INIT_NOTIFIER_HEAD(struct atomic_notifier_head *nh);
extern void BLOCKING_INIT_NOTIFIER_HEAD(struct blocking_notifier_head *nh);
extern void RAW_INIT_NOTIFIER_HEAD(struct raw_notifier_head *nh);

extern int atomic_notifier_chain_register(struct atomic_notifier_head *nh, struct notifier_block *nb);
extern int blocking_notifier_chain_register(struct blocking_notifier_head *nh, struct notifier_block *nb);
extern int raw_notifier_chain_register(struct raw_notifier_head *nh, struct notifier_block *nb);
extern int atomic_notifier_chain_unregister(struct atomic_notifier_head *nh, struct notifier_block *nb);
extern int blocking_notifier_chain_unregister(struct blocking_notifier_head *nh, struct notifier_block *nb);
extern int raw_notifier_chain_unregister(struct raw_notifier_head *nh, struct notifier_block *nb);
extern int atomic_notifier_call_chain(struct atomic_notifier_head *nh, unsigned long val, void *v);
extern int blocking_notifier_call_chain(struct blocking_notifier_head *nh, unsigned long val, void *v);
extern int raw_notifier_call_chain(struct raw_notifier_head *nh, unsigned long val, void *v);

#define NOTIFY_DONE 0x0000
#define NOTIFY_OK 0x0001
#define NOTIFY_STOP_MASK 0x8000
#define NOTIFY_BAD (NOTIFY_STOP_MASK | 0x0002)
#define NOTIFY_STOP (NOTIFY_OK | NOTIFY_STOP_MASK)

static inline int notifier_from_errno(int err)
{
	if (err)
		return NOTIFY_STOP_MASK | (NOTIFY_OK - err);
	return NOTIFY_OK;
}

static inline int notifier_to_errno(int ret)
{
	ret &= ~NOTIFY_STOP_MASK;
	return ret > NOTIFY_OK ? NOTIFY_OK - ret : 0;
}

#define NETLINK_URELEASE 0x0001
#define KBD_KEYCODE 0x0001
#define KBD_UNBOUND_KEYCODE 0x0002
#define KBD_UNICODE 0x0003
#define KBD_KEYSYM 0x0004
#define KBD_POST_KEYSYM 0x0005

extern struct blocking_notifier_head reboot_notifier_list;

#endif /* _WHOOP_LINUX_NOTIFIER_H */
