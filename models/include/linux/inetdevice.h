/* whoop model: linux/inetdevice.h - IPv4 interface addresses and their notifications. */
#ifndef _WHOOP_LINUX_INETDEVICE_H
#define _WHOOP_LINUX_INETDEVICE_H

#include <linux/types.h>
#include <linux/netdevice.h>
#include <linux/rcupdate.h>
#include <linux/timer.h>

struct in_device;

struct in_ifaddr {
	struct hlist_node hash;
	struct in_ifaddr *ifa_next;
	struct in_device *ifa_dev;
	struct rcu_head rcu_head;
	__be32 ifa_local;
	__be32 ifa_address;
	__be32 ifa_mask;
	__be32 ifa_broadcast;
	unsigned char ifa_scope;
	unsigned char ifa_prefixlen;
	__u32 ifa_flags;
	char ifa_label[IFNAMSIZ];
	__u32 ifa_valid_lft;
	__u32 ifa_preferred_lft;
	unsigned long ifa_cstamp;
	unsigned long ifa_tstamp;
};

/* Registration calls (rule 1). */
extern int register_inetaddr_notifier(struct notifier_block *nb);
extern int unregister_inetaddr_notifier(struct notifier_block *nb);

#endif /* _WHOOP_LINUX_INETDEVICE_H */
