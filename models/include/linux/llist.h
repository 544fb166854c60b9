/* whoop model: linux/llist.h - lock-less singly linked lists. */
#ifndef _WHOOP_LINUX_LLIST_H
#define _WHOOP_LINUX_LLIST_H

#include <linux/kernel.h>
#include <asm/cmpxchg.h>

struct llist_head {
	struct llist_node *first;
};

struct llist_node {
	struct llist_node *next;
};

#define LLIST_HEAD_INIT(name) { NULL }
#define LLIST_HEAD(name) struct llist_head name = LLIST_HEAD_INIT(name)

static inline void init_llist_head(struct llist_head *list)
{
	list->first = NULL;
}

extern bool llist_add_batch(struct llist_node *new_first, struct llist_node *new_last, struct llist_head *head);
extern bool llist_add(struct llist_node *new, struct llist_head *head);
extern struct llist_node *llist_del_all(struct llist_head *head);
extern struct llist_node *llist_del_first(struct llist_head *head);

#endif /* _WHOOP_LINUX_LLIST_H */
