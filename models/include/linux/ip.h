/* whoop model: linux/ip.h - the IPv4 header and ip_hdr() over the skb's network header. */
#ifndef _WHOOP_LINUX_IP_H
#define _WHOOP_LINUX_IP_H

#include <linux/types.h>
#include <linux/skbuff.h>

struct iphdr {
	__u8 ihl:4, version:4;
	__u8 tos;
	__be16 tot_len;
	__be16 id;
	__be16 frag_off;
	__u8 ttl;
	__u8 protocol;
	__sum16 check;
	__be32 saddr;
	__be32 daddr;
};

static inline struct iphdr *ip_hdr(const struct sk_buff *skb)
{
	return (struct iphdr *)skb_network_header(skb);
}

#endif
