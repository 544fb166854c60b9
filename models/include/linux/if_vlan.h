/* whoop model: linux/if_vlan.h - 802.1Q VLAN headers and the VLAN tag in sk_buff. */
#ifndef _WHOOP_LINUX_IF_VLAN_H
#define _WHOOP_LINUX_IF_VLAN_H

#include <linux/netdevice.h>
#include <linux/etherdevice.h>
#include <linux/rtnetlink.h>
#include <linux/bug.h>

#define VLAN_HLEN 4
#define VLAN_ETH_HLEN 18
#define VLAN_ETH_ZLEN 64
#define VLAN_ETH_DATA_LEN 1500
#define VLAN_ETH_FRAME_LEN 1518

struct vlan_hdr {
	__be16 h_vlan_TCI;
	__be16 h_vlan_encapsulated_proto;
};

struct vlan_ethhdr {
	unsigned char h_dest[ETH_ALEN];
	unsigned char h_source[ETH_ALEN];
	__be16 h_vlan_proto;
	__be16 h_vlan_TCI;
	__be16 h_vlan_encapsulated_proto;
};

static inline struct vlan_ethhdr *vlan_eth_hdr(const struct sk_buff *skb)
{
	return (struct vlan_ethhdr *)skb_mac_header(skb);
}

#define VLAN_PRIO_MASK 0xe000
#define VLAN_PRIO_SHIFT 13
#define VLAN_CFI_MASK 0x1000
#define VLAN_TAG_PRESENT VLAN_CFI_MASK
#define VLAN_VID_MASK 0x0fff
#define VLAN_N_VID 4096

#define skb_vlan_tag_present(__skb) ((__skb)->vlan_tci & VLAN_TAG_PRESENT)
#define skb_vlan_tag_get(__skb) ((__skb)->vlan_tci & ~VLAN_TAG_PRESENT)
#define skb_vlan_tag_get_id(__skb) ((__skb)->vlan_tci & VLAN_VID_MASK)
/* Pre-4.0 names of the same tests. */
#define vlan_tx_tag_present(__skb) skb_vlan_tag_present(__skb)
#define vlan_tx_tag_get(__skb) skb_vlan_tag_get(__skb)
#define vlan_tx_tag_get_id(__skb) skb_vlan_tag_get_id(__skb)

static inline void __vlan_hwaccel_put_tag(struct sk_buff *skb, __be16 vlan_proto, u16 vlan_tci)
{
	skb->vlan_proto = vlan_proto;
	skb->vlan_tci = VLAN_TAG_PRESENT | vlan_tci;
}

static inline bool is_vlan_dev(struct net_device *dev)
{
	return dev->priv_flags & IFF_802_1Q_VLAN;
}

extern struct net_device *__vlan_find_dev_deep_rcu(struct net_device *real_dev, __be16 vlan_proto, u16 vlan_id);
extern struct net_device *vlan_dev_real_dev(const struct net_device *dev);
extern u16 vlan_dev_vlan_id(const struct net_device *dev);
extern __be16 vlan_dev_vlan_proto(const struct net_device *dev);
extern int vlan_vid_add(struct net_device *dev, __be16 proto, u16 vid);
extern void vlan_vid_del(struct net_device *dev, __be16 proto, u16 vid);
extern struct sk_buff *vlan_untag(struct sk_buff *skb);
extern struct sk_buff *vlan_insert_tag(struct sk_buff *skb, __be16 vlan_proto, u16 vlan_tci);
extern struct sk_buff *__vlan_put_tag(struct sk_buff *skb, __be16 vlan_proto, u16 vlan_tci);
extern __be16 vlan_get_protocol(struct sk_buff *skb);

#endif /* _WHOOP_LINUX_IF_VLAN_H */
