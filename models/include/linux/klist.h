/* whoop model: linux/klist.h - reference-counted lists used by the driver core. */
#ifndef _WHOOP_LINUX_KLIST_H
#define _WHOOP_LINUX_KLIST_H

#include <linux/spinlock.h>
#include <linux/kref.h>
#include <linux/list.h>

struct klist_node;

struct klist {
	spinlock_t k_lock;
	struct list_head k_list;
	void (*get)(struct klist_node *);
	void (*put)(struct klist_node *);
} __attribute__((aligned(sizeof(void *))));

struct klist_node {
	void *n_klist;
	struct list_head n_node;
	struct kref n_ref;
};

#endif /* _WHOOP_LINUX_KLIST_H */
