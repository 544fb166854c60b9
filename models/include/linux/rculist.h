/* whoop model: linux/rculist.h - RCU-protected list traversal. */
#ifndef _WHOOP_LINUX_RCULIST_H
#define _WHOOP_LINUX_RCULIST_H

#include <linux/list.h>
#include <linux/rcupdate.h>

#define list_add_rcu(new, head) list_add(new, head)
#define list_add_tail_rcu(new, head) list_add_tail(new, head)
#define list_del_rcu(entry) __list_del_entry(entry)
#define list_entry_rcu(ptr, type, member) container_of(READ_ONCE(ptr), type, member)
#define list_for_each_entry_rcu(pos, head, member) \
	for (pos = list_entry_rcu((head)->next, __typeof__(*pos), member); \
	     &pos->member != (head); \
	     pos = list_entry_rcu(pos->member.next, __typeof__(*pos), member))
#define hlist_add_head_rcu(n, h) hlist_add_head(n, h)
#define hlist_del_rcu(n) __hlist_del(n)

#endif /* _WHOOP_LINUX_RCULIST_H */
