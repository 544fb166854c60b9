/* whoop model: linux/skbuff.h - socket buffers, their queues and the simple data helpers. */
#ifndef _WHOOP_LINUX_SKBUFF_H
#define _WHOOP_LINUX_SKBUFF_H

#include <linux/kernel.h>
#include <linux/compiler.h>
#include <linux/time.h>
#include <linux/bug.h>
#include <linux/cache.h>
#include <linux/rbtree.h>
#include <linux/socket.h>
#include <linux/atomic.h>
#include <asm/types.h>
#include <linux/spinlock.h>
#include <linux/net.h>
#include <linux/textsearch.h>
#include <linux/dma-mapping.h>
#include <linux/netdev_features.h>
#include <linux/sched.h>
#include <linux/ktime.h>
#include <linux/mm.h>
#include <linux/highmem.h>
#include <linux/topology.h>

#define CHECKSUM_NONE 0
#define CHECKSUM_UNNECESSARY 1
#define CHECKSUM_COMPLETE 2
#define CHECKSUM_PARTIAL 3
#define SKB_MAX_CSUM_LEVEL 3

#define SKB_DATA_ALIGN(X) ALIGN(X, SMP_CACHE_BYTES)
#define NET_SKB_PAD max(32, L1_CACHE_BYTES)
#define NET_IP_ALIGN 2

struct net_device;
struct scatterlist;
struct pipe_inode_info;
struct iov_iter;
struct napi_struct;
struct sock;
struct sec_path;
struct nf_conntrack;
struct nf_bridge_info;

#define MAX_SKB_FRAGS (65536 / PAGE_SIZE + 1)

typedef struct skb_frag_struct skb_frag_t;

struct skb_frag_struct {
	struct {
		struct page *p;
	} page;
	__u32 page_offset;
	__u32 size;
};

static inline unsigned int skb_frag_size(const skb_frag_t *frag)
{
	return frag->size;
}

static inline void skb_frag_size_set(skb_frag_t *frag, unsigned int size)
{
	frag->size = size;
}

static inline struct page *skb_frag_page(const skb_frag_t *frag)
{
	return frag->page.p;
}

struct skb_shared_hwtstamps {
	ktime_t hwtstamp;
};

enum {
	SKBTX_HW_TSTAMP = 1 << 0,
	SKBTX_SW_TSTAMP = 1 << 1,
	SKBTX_IN_PROGRESS = 1 << 2,
	SKBTX_DEV_ZEROCOPY = 1 << 3,
	SKBTX_WIFI_STATUS = 1 << 4,
	SKBTX_SHARED_FRAG = 1 << 5,
	SKBTX_SCHED_TSTAMP = 1 << 6,
	SKBTX_ACK_TSTAMP = 1 << 7,
};

struct skb_shared_info {
	unsigned char nr_frags;
	__u8 tx_flags;
	unsigned short gso_size;
	unsigned short gso_segs;
	unsigned short gso_type;
	struct sk_buff *frag_list;
	struct skb_shared_hwtstamps hwtstamps;
	u32 tskey;
	__be32 ip6_frag_id;
	atomic_t dataref;
	void *destructor_arg;
	skb_frag_t frags[MAX_SKB_FRAGS];
};

enum {
	SKB_GSO_TCPV4 = 1 << 0,
	SKB_GSO_UDP = 1 << 1,
	SKB_GSO_DODGY = 1 << 2,
	SKB_GSO_TCP_ECN = 1 << 3,
	SKB_GSO_TCPV6 = 1 << 4,
	SKB_GSO_FCOE = 1 << 5,
	SKB_GSO_GRE = 1 << 6,
	SKB_GSO_GRE_CSUM = 1 << 7,
	SKB_GSO_IPIP = 1 << 8,
	SKB_GSO_SIT = 1 << 9,
	SKB_GSO_UDP_TUNNEL = 1 << 10,
	SKB_GSO_UDP_TUNNEL_CSUM = 1 << 11,
	SKB_GSO_TUNNEL_REMCSUM = 1 << 12,
};

/* 64-bit kernels keep tail and end as offsets from head. */
typedef unsigned int sk_buff_data_t;

struct sk_buff_head {
	struct sk_buff *next;
	struct sk_buff *prev;
	__u32 qlen;
	spinlock_t lock;
};

struct sk_buff {
	union {
		struct {
			struct sk_buff *next;
			struct sk_buff *prev;
			ktime_t tstamp;
		};
		struct rb_node rbnode;
	};
	struct sock *sk;
	struct net_device *dev;
	char cb[48] __aligned(8);
	unsigned long _skb_refdst;
	void (*destructor)(struct sk_buff *skb);
	struct sec_path *sp;
	struct nf_conntrack *nfct;
	struct nf_bridge_info *nf_bridge;
	unsigned int len, data_len;
	__u16 mac_len, hdr_len;
	__u16 queue_mapping;
	__u8 cloned:1, nohdr:1, fclone:2, peeked:1, head_frag:1, xmit_more:1;
	__u8 pkt_type:3;
	__u8 pfmemalloc:1;
	__u8 ignore_df:1;
	__u8 nfctinfo:3;
	__u8 nf_trace:1;
	__u8 ip_summed:2;
	__u8 ooo_okay:1;
	__u8 l4_hash:1;
	__u8 sw_hash:1;
	__u8 wifi_acked_valid:1;
	__u8 wifi_acked:1;
	__u8 no_fcs:1;
	__u8 encapsulation:1;
	__u8 encap_hdr_csum:1;
	__u8 csum_valid:1;
	__u8 csum_complete_sw:1;
	__u8 csum_level:2;
	__u8 csum_bad:1;
	__u8 ipvs_property:1;
	__u8 inner_protocol_type:1;
	__u8 remcsum_offload:1;
	__u16 tc_index;
	__u16 tc_verd;
	union {
		__wsum csum;
		struct {
			__u16 csum_start;
			__u16 csum_offset;
		};
	};
	__u32 priority;
	int skb_iif;
	__u32 hash;
	__be16 vlan_proto;
	__u16 vlan_tci;
	union {
		unsigned int napi_id;
		unsigned int sender_cpu;
	};
	__u32 secmark;
	union {
		__u32 mark;
		__u32 reserved_tailroom;
	};
	union {
		__be16 inner_protocol;
		__u8 inner_ipproto;
	};
	__u16 inner_transport_header;
	__u16 inner_network_header;
	__u16 inner_mac_header;
	__be16 protocol;
	__u16 transport_header;
	__u16 network_header;
	__u16 mac_header;
	sk_buff_data_t tail;
	sk_buff_data_t end;
	unsigned char *head, *data;
	unsigned int truesize;
	atomic_t users;
};

#define PACKET_HOST 0
#define PACKET_BROADCAST 1
#define PACKET_MULTICAST 2
#define PACKET_OTHERHOST 3
#define PACKET_OUTGOING 4

enum skb_free_reason {
	SKB_REASON_CONSUMED,
	SKB_REASON_DROPPED,
};

/* Allocation and freeing (rule 1). */
extern void kfree_skb(struct sk_buff *skb);
extern void kfree_skb_list(struct sk_buff *segs);
extern void skb_tx_error(struct sk_buff *skb);
extern void consume_skb(struct sk_buff *skb);
extern void __kfree_skb(struct sk_buff *skb);
extern struct sk_buff *__alloc_skb(unsigned int size, gfp_t priority, int flags, int node);
extern struct sk_buff *alloc_skb(unsigned int size, gfp_t priority);
extern struct sk_buff *build_skb(void *data, unsigned int frag_size);
extern struct sk_buff *skb_clone(struct sk_buff *skb, gfp_t priority);
extern struct sk_buff *skb_copy(const struct sk_buff *skb, gfp_t priority);
extern struct sk_buff *__pskb_copy(struct sk_buff *skb, int headroom, gfp_t gfp_mask);
extern int pskb_expand_head(struct sk_buff *skb, int nhead, int ntail, gfp_t gfp_mask);
extern struct sk_buff *skb_realloc_headroom(struct sk_buff *skb, unsigned int headroom);
extern struct sk_buff *skb_copy_expand(const struct sk_buff *skb, int newheadroom, int newtailroom,
				       gfp_t priority);
extern int skb_pad(struct sk_buff *skb, int pad);
extern int skb_copy_bits(const struct sk_buff *skb, int offset, void *to, int len);
extern int skb_store_bits(struct sk_buff *skb, int offset, const void *from, int len);
extern __wsum skb_checksum(const struct sk_buff *skb, int offset, int len, __wsum csum);
extern void skb_copy_and_csum_dev(const struct sk_buff *skb, u8 *to);
extern int skb_checksum_help(struct sk_buff *skb);
extern int __skb_linearize(struct sk_buff *skb);
extern struct sk_buff *__netdev_alloc_skb(struct net_device *dev, unsigned int length, gfp_t gfp_mask);
extern struct sk_buff *__napi_alloc_skb(struct napi_struct *napi, unsigned int length, gfp_t gfp_mask);
extern void *netdev_alloc_frag(unsigned int fragsz);
extern void skb_add_rx_frag(struct sk_buff *skb, int i, struct page *page, int off, int size,
			    unsigned int truesize);
extern void skb_trim(struct sk_buff *skb, unsigned int len);
extern int ___pskb_trim(struct sk_buff *skb, unsigned int len);
extern unsigned char *__pskb_pull_tail(struct sk_buff *skb, int delta);
extern unsigned char *skb_put(struct sk_buff *skb, unsigned int len);
extern unsigned char *skb_push(struct sk_buff *skb, unsigned int len);
extern unsigned char *skb_pull(struct sk_buff *skb, unsigned int len);
extern void skb_queue_head(struct sk_buff_head *list, struct sk_buff *newsk);
extern void skb_queue_tail(struct sk_buff_head *list, struct sk_buff *newsk);
extern struct sk_buff *skb_dequeue(struct sk_buff_head *list);
extern struct sk_buff *skb_dequeue_tail(struct sk_buff_head *list);
extern void skb_queue_purge(struct sk_buff_head *list);
extern void skb_unlink(struct sk_buff *skb, struct sk_buff_head *list);
extern void skb_append(struct sk_buff *old, struct sk_buff *newsk, struct sk_buff_head *list);
extern void skb_tstamp_tx(struct sk_buff *orig_skb, struct skb_shared_hwtstamps *hwtstamps);
extern void skb_tx_timestamp(struct sk_buff *skb);
extern void skb_complete_wifi_ack(struct sk_buff *skb, bool acked);
extern struct sk_buff *skb_segment(struct sk_buff *skb, netdev_features_t features);

static inline struct sk_buff *alloc_skb_fclone(unsigned int size, gfp_t priority)
{
	return __alloc_skb(size, priority, 0x01, NUMA_NO_NODE);
}

static inline unsigned char *skb_end_pointer(const struct sk_buff *skb)
{
	return skb->head + skb->end;
}

static inline unsigned int skb_end_offset(const struct sk_buff *skb)
{
	return skb->end;
}

#define skb_shinfo(SKB) ((struct skb_shared_info *)(skb_end_pointer(SKB)))

static inline struct skb_shared_hwtstamps *skb_hwtstamps(struct sk_buff *skb)
{
	return &skb_shinfo(skb)->hwtstamps;
}

static inline int skb_queue_empty(const struct sk_buff_head *list)
{
	return list->next == (const struct sk_buff *)list;
}

static inline struct sk_buff *skb_get(struct sk_buff *skb)
{
	atomic_inc(&skb->users);
	return skb;
}

static inline int skb_cloned(const struct sk_buff *skb)
{
	return skb->cloned && (atomic_read(&skb_shinfo(skb)->dataref) & 0xffff) != 1;
}

static inline int skb_shared(const struct sk_buff *skb)
{
	return atomic_read(&skb->users) != 1;
}

static inline struct sk_buff *skb_peek(const struct sk_buff_head *list_)
{
	struct sk_buff *skb = list_->next;

	if (skb == (struct sk_buff *)list_)
		skb = NULL;
	return skb;
}

static inline struct sk_buff *skb_peek_tail(const struct sk_buff_head *list_)
{
	struct sk_buff *skb = list_->prev;

	if (skb == (struct sk_buff *)list_)
		skb = NULL;
	return skb;
}

static inline __u32 skb_queue_len(const struct sk_buff_head *list_)
{
	return list_->qlen;
}

static inline void __skb_queue_head_init(struct sk_buff_head *list)
{
	list->prev = list->next = (struct sk_buff *)list;
	list->qlen = 0;
}

/* Initialises the queue lock too: an extern prototype like spin_lock_init (rule 3). */
extern void skb_queue_head_init(struct sk_buff_head *list);

static inline void __skb_insert(struct sk_buff *newsk, struct sk_buff *prev, struct sk_buff *next,
				struct sk_buff_head *list)
{
	newsk->next = next;
	newsk->prev = prev;
	next->prev = prev->next = newsk;
	list->qlen++;
}

static inline void __skb_queue_after(struct sk_buff_head *list, struct sk_buff *prev, struct sk_buff *newsk)
{
	__skb_insert(newsk, prev, prev->next, list);
}

static inline void __skb_queue_before(struct sk_buff_head *list, struct sk_buff *next, struct sk_buff *newsk)
{
	__skb_insert(newsk, next->prev, next, list);
}

static inline void __skb_queue_head(struct sk_buff_head *list, struct sk_buff *newsk)
{
	__skb_queue_after(list, (struct sk_buff *)list, newsk);
}

static inline void __skb_queue_tail(struct sk_buff_head *list, struct sk_buff *newsk)
{
	__skb_queue_before(list, (struct sk_buff *)list, newsk);
}

static inline void __skb_unlink(struct sk_buff *skb, struct sk_buff_head *list)
{
	struct sk_buff *next, *prev;

	list->qlen--;
	next = skb->next;
	prev = skb->prev;
	skb->next = skb->prev = NULL;
	next->prev = prev;
	prev->next = next;
}

static inline struct sk_buff *__skb_dequeue(struct sk_buff_head *list)
{
	struct sk_buff *skb = skb_peek(list);

	if (skb)
		__skb_unlink(skb, list);
	return skb;
}

static inline void __skb_queue_purge(struct sk_buff_head *list)
{
	struct sk_buff *skb;

	while ((skb = __skb_dequeue(list)) != NULL)
		kfree_skb(skb);
}

#define skb_queue_walk(queue, skb) \
	for (skb = (queue)->next; skb != (struct sk_buff *)(queue); skb = skb->next)
#define skb_queue_walk_safe(queue, skb, tmp) \
	for (skb = (queue)->next, tmp = skb->next; skb != (struct sk_buff *)(queue); skb = tmp, tmp = skb->next)

static inline bool skb_is_nonlinear(const struct sk_buff *skb)
{
	return skb->data_len;
}

static inline unsigned int skb_headlen(const struct sk_buff *skb)
{
	return skb->len - skb->data_len;
}

static inline unsigned char *skb_tail_pointer(const struct sk_buff *skb)
{
	return skb->head + skb->tail;
}

static inline void skb_reset_tail_pointer(struct sk_buff *skb)
{
	skb->tail = skb->data - skb->head;
}

static inline void skb_set_tail_pointer(struct sk_buff *skb, const int offset)
{
	skb_reset_tail_pointer(skb);
	skb->tail += offset;
}

static inline unsigned char *__skb_put(struct sk_buff *skb, unsigned int len)
{
	unsigned char *tmp = skb_tail_pointer(skb);

	skb->tail += len;
	skb->len += len;
	return tmp;
}

static inline unsigned char *__skb_push(struct sk_buff *skb, unsigned int len)
{
	skb->data -= len;
	skb->len += len;
	return skb->data;
}

static inline unsigned char *__skb_pull(struct sk_buff *skb, unsigned int len)
{
	skb->len -= len;
	return skb->data += len;
}

static inline unsigned int skb_headroom(const struct sk_buff *skb)
{
	return skb->data - skb->head;
}

static inline int skb_tailroom(const struct sk_buff *skb)
{
	return skb_is_nonlinear(skb) ? 0 : skb->end - skb->tail;
}

static inline void skb_reserve(struct sk_buff *skb, int len)
{
	skb->data += len;
	skb->tail += len;
}

static inline void __skb_trim(struct sk_buff *skb, unsigned int len)
{
	skb->len = len;
	skb_set_tail_pointer(skb, len);
}

static inline int pskb_trim(struct sk_buff *skb, unsigned int len)
{
	return (len < skb->len) ? ___pskb_trim(skb, len) : 0;
}

static inline int pskb_may_pull(struct sk_buff *skb, unsigned int len)
{
	if (len <= skb_headlen(skb))
		return 1;
	if (len > skb->len)
		return 0;
	return __pskb_pull_tail(skb, len - skb_headlen(skb)) != NULL;
}

static inline int skb_linearize(struct sk_buff *skb)
{
	return skb_is_nonlinear(skb) ? __skb_linearize(skb) : 0;
}

static inline int skb_padto(struct sk_buff *skb, unsigned int len)
{
	unsigned int size = skb->len;

	if (likely(size >= len))
		return 0;
	return skb_pad(skb, len - size);
}

static inline int skb_put_padto(struct sk_buff *skb, unsigned int len)
{
	unsigned int size = skb->len;

	if (unlikely(size < len)) {
		len -= size;
		if (skb_pad(skb, len))
			return -ENOMEM;
		__skb_put(skb, len);
	}
	return 0;
}

static inline void skb_copy_from_linear_data(const struct sk_buff *skb, void *to, const unsigned int len)
{
	memcpy(to, skb->data, len);
}

static inline void skb_copy_from_linear_data_offset(const struct sk_buff *skb, const int offset, void *to,
						    const unsigned int len)
{
	memcpy(to, skb->data + offset, len);
}

static inline void skb_copy_to_linear_data(struct sk_buff *skb, const void *from, const unsigned int len)
{
	memcpy(skb->data, from, len);
}

static inline void skb_copy_to_linear_data_offset(struct sk_buff *skb, const int offset, const void *from,
						  const unsigned int len)
{
	memcpy(skb->data + offset, from, len);
}

static inline unsigned char *skb_mac_header(const struct sk_buff *skb)
{
	return skb->head + skb->mac_header;
}

static inline void skb_reset_mac_header(struct sk_buff *skb)
{
	skb->mac_header = skb->data - skb->head;
}

static inline void skb_set_mac_header(struct sk_buff *skb, const int offset)
{
	skb_reset_mac_header(skb);
	skb->mac_header += offset;
}

static inline unsigned char *skb_network_header(const struct sk_buff *skb)
{
	return skb->head + skb->network_header;
}

static inline void skb_reset_network_header(struct sk_buff *skb)
{
	skb->network_header = skb->data - skb->head;
}

static inline void skb_set_network_header(struct sk_buff *skb, const int offset)
{
	skb_reset_network_header(skb);
	skb->network_header += offset;
}

static inline unsigned char *skb_transport_header(const struct sk_buff *skb)
{
	return skb->head + skb->transport_header;
}

static inline void skb_reset_transport_header(struct sk_buff *skb)
{
	skb->transport_header = skb->data - skb->head;
}

static inline void skb_set_transport_header(struct sk_buff *skb, const int offset)
{
	skb_reset_transport_header(skb);
	skb->transport_header += offset;
}

static inline int skb_network_offset(const struct sk_buff *skb)
{
	return skb_network_header(skb) - skb->data;
}

static inline int skb_transport_offset(const struct sk_buff *skb)
{
	return skb_transport_header(skb) - skb->data;
}

static inline int skb_checksum_start_offset(const struct sk_buff *skb)
{
	return skb->csum_start - skb_headroom(skb);
}

static inline bool skb_is_gso(const struct sk_buff *skb)
{
	return skb_shinfo(skb)->gso_size;
}

static inline bool skb_is_gso_v6(const struct sk_buff *skb)
{
	return skb_shinfo(skb)->gso_type & SKB_GSO_TCPV6;
}

static inline void skb_checksum_none_assert(const struct sk_buff *skb)
{
}

static inline void skb_record_rx_queue(struct sk_buff *skb, u16 rx_queue)
{
	skb->queue_mapping = rx_queue + 1;
}

static inline u16 skb_get_queue_mapping(const struct sk_buff *skb)
{
	return skb->queue_mapping;
}

static inline void skb_set_queue_mapping(struct sk_buff *skb, u16 queue_mapping)
{
	skb->queue_mapping = queue_mapping;
}

static inline void skb_set_hash(struct sk_buff *skb, __u32 hash, int type)
{
	skb->l4_hash = (type == 3);
	skb->sw_hash = 0;
	skb->hash = hash;
}

enum pkt_hash_types {
	PKT_HASH_TYPE_NONE,
	PKT_HASH_TYPE_L2,
	PKT_HASH_TYPE_L3,
	PKT_HASH_TYPE_L4,
};

static inline struct sk_buff *netdev_alloc_skb(struct net_device *dev, unsigned int length)
{
	return __netdev_alloc_skb(dev, length, GFP_ATOMIC);
}

static inline struct sk_buff *__dev_alloc_skb(unsigned int length, gfp_t gfp_mask)
{
	return __netdev_alloc_skb(NULL, length, gfp_mask);
}

static inline struct sk_buff *dev_alloc_skb(unsigned int length)
{
	return netdev_alloc_skb(NULL, length);
}

static inline struct sk_buff *__netdev_alloc_skb_ip_align(struct net_device *dev, unsigned int length,
							  gfp_t gfp)
{
	struct sk_buff *skb = __netdev_alloc_skb(dev, length + NET_IP_ALIGN, gfp);

	if (NET_IP_ALIGN && skb)
		skb_reserve(skb, NET_IP_ALIGN);
	return skb;
}

static inline struct sk_buff *netdev_alloc_skb_ip_align(struct net_device *dev, unsigned int length)
{
	return __netdev_alloc_skb_ip_align(dev, length, GFP_ATOMIC);
}

static inline struct sk_buff *napi_alloc_skb(struct napi_struct *napi, unsigned int length)
{
	return __napi_alloc_skb(napi, length, GFP_ATOMIC);
}

extern struct page *__dev_alloc_pages(gfp_t gfp_mask, unsigned int order);
extern struct page *dev_alloc_page(void);

static inline dma_addr_t skb_frag_dma_map(struct device *dev, const skb_frag_t *frag, size_t offset,
					  size_t size, enum dma_data_direction dir)
{
	return dma_map_page(dev, skb_frag_page(frag), frag->page_offset + offset, size, dir);
}

static inline void *skb_frag_address(const skb_frag_t *frag)
{
	return page_address(skb_frag_page(frag)) + frag->page_offset;
}

static inline int skb_orphan_frags(struct sk_buff *skb, gfp_t gfp_mask)
{
	return 0;
}

static inline void skb_orphan(struct sk_buff *skb)
{
	if (skb->destructor) {
		skb->destructor(skb);
		skb->destructor = NULL;
		skb->sk = NULL;
	}
}

#endif /* _WHOOP_LINUX_SKBUFF_H */
