/* whoop model: linux/rtnetlink.h - the routing netlink mutex (rtnl_lock) and link notifications. */
#ifndef _WHOOP_LINUX_RTNETLINK_H
#define _WHOOP_LINUX_RTNETLINK_H

#include <linux/mutex.h>
#include <linux/netdevice.h>
#include <linux/wait.h>

/* One kernel-wide mutex; the locking table gives these fixed identity. */
extern void rtnl_lock(void);
extern void rtnl_unlock(void);
extern int rtnl_trylock(void);
extern int rtnl_is_locked(void);
extern void __rtnl_unlock(void);

/*
 * The kernel's ASSERT_RTNL is a macro that warns unless rtnl_is_locked().
 * Here it is a function under the same name, so the assertion (the caller
 * expects rtnl held) stays visible to whoop as a call.
 */
extern void ASSERT_RTNL(void);

#define rtnl_dereference(p) (p)
#define rtnl_dereference_protected(p) (p)

extern void rtmsg_ifinfo(int type, struct net_device *dev, unsigned change, gfp_t flags);
extern int rtnl_unicast(struct sk_buff *skb, struct net *net, u32 pid);
extern void rtnl_notify(struct sk_buff *skb, struct net *net, u32 pid, u32 group, struct nlmsghdr *nlh,
			gfp_t flags);
extern int rtnl_link_register(struct rtnl_link_ops *ops);
extern void rtnl_link_unregister(struct rtnl_link_ops *ops);

#endif /* _WHOOP_LINUX_RTNETLINK_H */
