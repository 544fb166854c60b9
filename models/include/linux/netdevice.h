/* whoop model: linux/netdevice.h - net_device, net_device_ops, NAPI, transmit queues and netif_* helpers. */
#ifndef _WHOOP_LINUX_NETDEVICE_H
#define _WHOOP_LINUX_NETDEVICE_H

#include <linux/timer.h>
#include <linux/bug.h>
#include <linux/delay.h>
#include <linux/atomic.h>
#include <linux/prefetch.h>
#include <asm/cache.h>
#include <asm/byteorder.h>
#include <linux/percpu.h>
#include <linux/rculist.h>
#include <linux/dmaengine.h>
#include <linux/workqueue.h>
#include <linux/dynamic_queue_limits.h>
#include <linux/ethtool.h>
#include <linux/if.h>
#include <linux/if_ether.h>
#include <linux/if_link.h>
#include <linux/sockios.h>
#include <linux/device.h>
#include <linux/skbuff.h>
#include <linux/netdev_features.h>
#include <linux/neighbour.h>
#include <linux/hrtimer.h>
#include <linux/u64_stats_sync.h>
#include <linux/notifier.h>
#include <linux/seqlock.h>

struct netpoll_info;
struct device;
struct phy_device;
struct wireless_dev;
struct Qdisc;
struct netdev_queue;
struct net;
struct header_ops;
struct vlan_info;
struct dn_dev;
struct in_device;
struct inet6_dev;
struct wpan_dev;
struct cpu_rmap;
struct xps_dev_maps;
struct nlattr;
struct ifla_vf_info;
struct netlink_callback;
struct ndmsg;
struct nlmsghdr;
struct netdev_phys_item_id;
struct rtnl_link_ops;
struct dcbnl_rtnl_ops;
struct l3mdev_ops;
struct garp_port;
struct mrp_port;
struct neigh_parms;
struct neighbour;

#define NET_RX_SUCCESS 0
#define NET_RX_DROP 1

#define NET_XMIT_SUCCESS 0x00
#define NET_XMIT_DROP 0x01
#define NET_XMIT_CN 0x02
#define NET_XMIT_POLICED 0x03
#define NET_XMIT_MASK 0x0f
#define net_xmit_eval(e) ((e) == NET_XMIT_CN ? 0 : (e))
#define net_xmit_errno(e) ((e) != NET_XMIT_CN ? -ENOBUFS : 0)

#define NETDEV_TX_MASK 0xf0

enum netdev_tx {
	__NETDEV_TX_MIN = -100,
	NETDEV_TX_OK = 0x00,
	NETDEV_TX_BUSY = 0x10,
	NETDEV_TX_LOCKED = 0x20,
};
typedef enum netdev_tx netdev_tx_t;

#define MAX_ADDR_LEN 32

#define NET_NAME_UNKNOWN 0
#define NET_NAME_ENUM 1
#define NET_NAME_PREDICTABLE 2
#define NET_NAME_USER 3
#define NET_NAME_RENAMED 4

#define NET_ADDR_PERM 0
#define NET_ADDR_RANDOM 1
#define NET_ADDR_STOLEN 2
#define NET_ADDR_SET 3

#define LL_MAX_HEADER 128
#define MAX_HEADER LL_MAX_HEADER

struct net_device_stats {
	unsigned long rx_packets;
	unsigned long tx_packets;
	unsigned long rx_bytes;
	unsigned long tx_bytes;
	unsigned long rx_errors;
	unsigned long tx_errors;
	unsigned long rx_dropped;
	unsigned long tx_dropped;
	unsigned long multicast;
	unsigned long collisions;
	unsigned long rx_length_errors;
	unsigned long rx_over_errors;
	unsigned long rx_crc_errors;
	unsigned long rx_frame_errors;
	unsigned long rx_fifo_errors;
	unsigned long rx_missed_errors;
	unsigned long tx_aborted_errors;
	unsigned long tx_carrier_errors;
	unsigned long tx_fifo_errors;
	unsigned long tx_heartbeat_errors;
	unsigned long tx_window_errors;
	unsigned long rx_compressed;
	unsigned long tx_compressed;
};

struct netdev_hw_addr {
	struct list_head list;
	unsigned char addr[MAX_ADDR_LEN];
	unsigned char type;
#define NETDEV_HW_ADDR_T_LAN 1
#define NETDEV_HW_ADDR_T_SAN 2
#define NETDEV_HW_ADDR_T_SLAVE 3
#define NETDEV_HW_ADDR_T_UNICAST 4
#define NETDEV_HW_ADDR_T_MULTICAST 5
	bool global_use;
	int sync_cnt;
	int refcount;
	int synced;
	struct rcu_head rcu_head;
};

struct netdev_hw_addr_list {
	struct list_head list;
	int count;
};

#define netdev_hw_addr_list_count(l) ((l)->count)
#define netdev_hw_addr_list_empty(l) (netdev_hw_addr_list_count(l) == 0)
#define netdev_hw_addr_list_for_each(ha, l) list_for_each_entry(ha, &(l)->list, list)
#define netdev_uc_count(dev) netdev_hw_addr_list_count(&(dev)->uc)
#define netdev_uc_empty(dev) netdev_hw_addr_list_empty(&(dev)->uc)
#define netdev_for_each_uc_addr(ha, dev) netdev_hw_addr_list_for_each(ha, &(dev)->uc)
#define netdev_mc_count(dev) netdev_hw_addr_list_count(&(dev)->mc)
#define netdev_mc_empty(dev) netdev_hw_addr_list_empty(&(dev)->mc)
#define netdev_for_each_mc_addr(ha, dev) netdev_hw_addr_list_for_each(ha, &(dev)->mc)

struct hh_cache {
	u16 hh_len;
	u16 __pad;
	seqlock_t hh_lock;
#define HH_DATA_MOD 16
#define HH_DATA_OFF(__len) (HH_DATA_MOD - (((__len - 1) & (HH_DATA_MOD - 1)) + 1))
#define HH_DATA_ALIGN(__len) (((__len) + (HH_DATA_MOD - 1)) & ~(HH_DATA_MOD - 1))
	unsigned long hh_data[HH_DATA_ALIGN(LL_MAX_HEADER) / sizeof(long)];
};

struct header_ops {
	int (*create)(struct sk_buff *skb, struct net_device *dev, unsigned short type, const void *daddr,
		      const void *saddr, unsigned int len);
	int (*parse)(const struct sk_buff *skb, unsigned char *haddr);
	int (*rebuild)(struct sk_buff *skb);
	int (*cache)(const struct neighbour *neigh, struct hh_cache *hh, __be16 type);
	void (*cache_update)(struct hh_cache *hh, const struct net_device *dev, const unsigned char *haddr);
};

enum netdev_state_t {
	__LINK_STATE_START,
	__LINK_STATE_PRESENT,
	__LINK_STATE_NOCARRIER,
	__LINK_STATE_LINKWATCH_PENDING,
	__LINK_STATE_DORMANT,
};

struct netdev_boot_setup {
	char name[IFNAMSIZ];
	struct ifmap map;
};
#define NETDEV_BOOT_SETUP_MAX 8

extern int __init netdev_boot_setup(char *str);

/* NAPI: the poll callback is an entry point registered by netif_napi_add. */
struct napi_struct {
	struct list_head poll_list;
	unsigned long state;
	int weight;
	unsigned int gro_count;
	int (*poll)(struct napi_struct *, int);
	spinlock_t poll_lock;
	int poll_owner;
	struct net_device *dev;
	struct sk_buff *gro_list;
	struct sk_buff *skb;
	struct list_head dev_list;
	struct hlist_node napi_hash_node;
	unsigned int napi_id;
};

enum {
	NAPI_STATE_SCHED,
	NAPI_STATE_DISABLE,
	NAPI_STATE_NPSVC,
	NAPI_STATE_HASHED,
};

enum gro_result {
	GRO_MERGED,
	GRO_MERGED_FREE,
	GRO_HELD,
	GRO_NORMAL,
	GRO_DROP,
};
typedef enum gro_result gro_result_t;

enum rx_handler_result {
	RX_HANDLER_CONSUMED,
	RX_HANDLER_ANOTHER,
	RX_HANDLER_EXACT,
	RX_HANDLER_PASS,
};
typedef enum rx_handler_result rx_handler_result_t;
typedef rx_handler_result_t rx_handler_func_t(struct sk_buff **pskb);

#define NAPI_POLL_WEIGHT 64

/* NAPI calls keep their kernel names (rule 1). */
extern void __napi_schedule(struct napi_struct *n);
extern void __napi_schedule_irqoff(struct napi_struct *n);
extern bool napi_schedule_prep(struct napi_struct *n);
extern void napi_schedule(struct napi_struct *n);
extern void napi_schedule_irqoff(struct napi_struct *n);
extern bool napi_reschedule(struct napi_struct *napi);
extern void __napi_complete(struct napi_struct *n);
extern void napi_complete_done(struct napi_struct *n, int work_done);
extern void napi_complete(struct napi_struct *n);
extern void napi_disable(struct napi_struct *n);
extern void napi_enable(struct napi_struct *n);
extern void napi_synchronize(const struct napi_struct *n);
extern bool napi_disable_pending(struct napi_struct *n);
extern void napi_hash_add(struct napi_struct *napi);
extern void napi_hash_del(struct napi_struct *napi);
extern void netif_napi_add(struct net_device *dev, struct napi_struct *napi,
			   int (*poll)(struct napi_struct *, int), int weight);
extern void netif_napi_del(struct napi_struct *napi);
extern gro_result_t napi_gro_receive(struct napi_struct *napi, struct sk_buff *skb);
extern void napi_gro_flush(struct napi_struct *napi, bool flush_old);
extern struct sk_buff *napi_get_frags(struct napi_struct *napi);
extern gro_result_t napi_gro_frags(struct napi_struct *napi);

enum netdev_queue_state_t {
	__QUEUE_STATE_DRV_XOFF,
	__QUEUE_STATE_STACK_XOFF,
	__QUEUE_STATE_FROZEN,
};

struct netdev_queue {
	struct net_device *dev;
	struct Qdisc __rcu *qdisc;
	struct Qdisc *qdisc_sleeping;
	struct kobject kobj;
	int numa_node;
	spinlock_t _xmit_lock;
	int xmit_lock_owner;
	unsigned long trans_start;
	unsigned long trans_timeout;
	unsigned long state;
	struct dql dql;
};

struct netdev_rx_queue {
	struct kobject kobj;
	struct net_device *dev;
};

typedef u16 (*select_queue_fallback_t)(struct net_device *dev, struct sk_buff *skb);

struct net_device_ops {
	int (*ndo_init)(struct net_device *dev);
	void (*ndo_uninit)(struct net_device *dev);
	int (*ndo_open)(struct net_device *dev);
	int (*ndo_stop)(struct net_device *dev);
	netdev_tx_t (*ndo_start_xmit)(struct sk_buff *skb, struct net_device *dev);
	u16 (*ndo_select_queue)(struct net_device *dev, struct sk_buff *skb, void *accel_priv,
				select_queue_fallback_t fallback);
	void (*ndo_change_rx_flags)(struct net_device *dev, int flags);
	void (*ndo_set_rx_mode)(struct net_device *dev);
	int (*ndo_set_mac_address)(struct net_device *dev, void *addr);
	int (*ndo_validate_addr)(struct net_device *dev);
	int (*ndo_do_ioctl)(struct net_device *dev, struct ifreq *ifr, int cmd);
	int (*ndo_set_config)(struct net_device *dev, struct ifmap *map);
	int (*ndo_change_mtu)(struct net_device *dev, int new_mtu);
	int (*ndo_neigh_setup)(struct net_device *dev, struct neigh_parms *);
	void (*ndo_tx_timeout)(struct net_device *dev);
	struct rtnl_link_stats64 *(*ndo_get_stats64)(struct net_device *dev, struct rtnl_link_stats64 *storage);
	struct net_device_stats *(*ndo_get_stats)(struct net_device *dev);
	int (*ndo_vlan_rx_add_vid)(struct net_device *dev, __be16 proto, u16 vid);
	int (*ndo_vlan_rx_kill_vid)(struct net_device *dev, __be16 proto, u16 vid);
	/* Present only with CONFIG_NET_POLL_CONTROLLER in the kernel; kept so either configuration parses. */
	void (*ndo_poll_controller)(struct net_device *dev);
	int (*ndo_netpoll_setup)(struct net_device *dev, struct netpoll_info *info);
	void (*ndo_netpoll_cleanup)(struct net_device *dev);
	int (*ndo_busy_poll)(struct napi_struct *dev);
	int (*ndo_set_vf_mac)(struct net_device *dev, int queue, u8 *mac);
	int (*ndo_set_vf_vlan)(struct net_device *dev, int queue, u16 vlan, u8 qos);
	int (*ndo_set_vf_rate)(struct net_device *dev, int vf, int min_tx_rate, int max_tx_rate);
	int (*ndo_set_vf_spoofchk)(struct net_device *dev, int vf, bool setting);
	int (*ndo_get_vf_config)(struct net_device *dev, int vf, struct ifla_vf_info *ivf);
	int (*ndo_set_vf_link_state)(struct net_device *dev, int vf, int link_state);
	int (*ndo_set_vf_port)(struct net_device *dev, int vf, struct nlattr *port[]);
	int (*ndo_get_vf_port)(struct net_device *dev, int vf, struct sk_buff *skb);
	int (*ndo_setup_tc)(struct net_device *dev, u8 tc);
	int (*ndo_rx_flow_steer)(struct net_device *dev, const struct sk_buff *skb, u16 rxq_index, u32 flow_id);
	int (*ndo_add_slave)(struct net_device *dev, struct net_device *slave_dev);
	int (*ndo_del_slave)(struct net_device *dev, struct net_device *slave_dev);
	netdev_features_t (*ndo_fix_features)(struct net_device *dev, netdev_features_t features);
	int (*ndo_set_features)(struct net_device *dev, netdev_features_t features);
	int (*ndo_neigh_construct)(struct neighbour *n);
	void (*ndo_neigh_destroy)(struct neighbour *n);
	int (*ndo_fdb_add)(struct ndmsg *ndm, struct nlattr *tb[], struct net_device *dev,
			   const unsigned char *addr, u16 vid, u16 flags);
	int (*ndo_fdb_del)(struct ndmsg *ndm, struct nlattr *tb[], struct net_device *dev,
			   const unsigned char *addr, u16 vid);
	int (*ndo_fdb_dump)(struct sk_buff *skb, struct netlink_callback *cb, struct net_device *dev,
			    struct net_device *filter_dev, int idx);
	int (*ndo_bridge_setlink)(struct net_device *dev, struct nlmsghdr *nlh, u16 flags);
	int (*ndo_bridge_getlink)(struct sk_buff *skb, u32 pid, u32 seq, struct net_device *dev,
				  u32 filter_mask, int nlflags);
	int (*ndo_bridge_dellink)(struct net_device *dev, struct nlmsghdr *nlh, u16 flags);
	int (*ndo_change_carrier)(struct net_device *dev, bool new_carrier);
	int (*ndo_get_phys_port_id)(struct net_device *dev, struct netdev_phys_item_id *ppid);
	void (*ndo_add_vxlan_port)(struct net_device *dev, sa_family_t sa_family, __be16 port);
	void (*ndo_del_vxlan_port)(struct net_device *dev, sa_family_t sa_family, __be16 port);
	void *(*ndo_dfwd_add_station)(struct net_device *pdev, struct net_device *dev);
	void (*ndo_dfwd_del_station)(struct net_device *pdev, void *priv);
	netdev_tx_t (*ndo_dfwd_start_xmit)(struct sk_buff *skb, struct net_device *dev, void *priv);
	int (*ndo_get_lock_subclass)(struct net_device *dev);
	netdev_features_t (*ndo_features_check)(struct sk_buff *skb, struct net_device *dev,
						netdev_features_t features);
};

struct net_device {
	char name[IFNAMSIZ];
	struct hlist_node name_hlist;
	char *ifalias;
	unsigned long mem_end;
	unsigned long mem_start;
	unsigned long base_addr;
	int irq;
	unsigned long state;
	struct list_head dev_list;
	struct list_head napi_list;
	struct list_head unreg_list;
	struct list_head close_list;
	struct {
		struct list_head upper;
		struct list_head lower;
	} adj_list;
	struct {
		struct list_head upper;
		struct list_head lower;
	} all_adj_list;
	netdev_features_t features;
	netdev_features_t hw_features;
	netdev_features_t wanted_features;
	netdev_features_t vlan_features;
	netdev_features_t hw_enc_features;
	netdev_features_t mpls_features;
	int ifindex;
	int iflink;
	struct net_device_stats stats;
	atomic_long_t rx_dropped;
	atomic_long_t tx_dropped;
	atomic_t carrier_changes;
	const struct net_device_ops *netdev_ops;
	const struct ethtool_ops *ethtool_ops;
	const struct header_ops *header_ops;
	unsigned int flags;
	unsigned int priv_flags;
	unsigned short gflags;
	unsigned short padded;
	unsigned char operstate;
	unsigned char link_mode;
	unsigned char if_port;
	unsigned char dma;
	unsigned int mtu;
	unsigned short type;
	unsigned short hard_header_len;
	unsigned short needed_headroom;
	unsigned short needed_tailroom;
	unsigned char perm_addr[MAX_ADDR_LEN];
	unsigned char addr_assign_type;
	unsigned char addr_len;
	unsigned short neigh_priv_len;
	unsigned short dev_id;
	unsigned short dev_port;
	spinlock_t addr_list_lock;
	unsigned char name_assign_type;
	bool uc_promisc;
	struct netdev_hw_addr_list uc;
	struct netdev_hw_addr_list mc;
	struct netdev_hw_addr_list dev_addrs;
	struct kset *queues_kset;
	unsigned int promiscuity;
	unsigned int allmulti;
	struct vlan_info __rcu *vlan_info;
	void *atalk_ptr;
	struct in_device __rcu *ip_ptr;
	struct dn_dev __rcu *dn_ptr;
	struct inet6_dev __rcu *ip6_ptr;
	void *ax25_ptr;
	struct wireless_dev *ieee80211_ptr;
	struct wpan_dev *ieee802154_ptr;
	unsigned long last_rx;
	unsigned char *dev_addr;
	struct netdev_rx_queue *_rx;
	unsigned int num_rx_queues;
	unsigned int real_num_rx_queues;
	unsigned long gro_flush_timeout;
	rx_handler_func_t __rcu *rx_handler;
	void __rcu *rx_handler_data;
	struct netdev_queue __rcu *ingress_queue;
	unsigned char broadcast[MAX_ADDR_LEN];
	struct netdev_queue *_tx ____cacheline_aligned_in_smp;
	unsigned int num_tx_queues;
	unsigned int real_num_tx_queues;
	struct Qdisc *qdisc;
	unsigned long tx_queue_len;
	spinlock_t tx_global_lock;
	struct xps_dev_maps __rcu *xps_maps;
	unsigned long trans_start;
	int watchdog_timeo;
	struct timer_list watchdog_timer;
	int __percpu *pcpu_refcnt;
	struct list_head todo_list;
	struct list_head link_watch_list;
	enum {
		NETREG_UNINITIALIZED = 0,
		NETREG_REGISTERED,
		NETREG_UNREGISTERING,
		NETREG_UNREGISTERED,
		NETREG_RELEASED,
		NETREG_DUMMY,
	} reg_state:8;
	bool dismantle;
	enum {
		RTNL_LINK_INITIALIZED,
		RTNL_LINK_INITIALIZING,
	} rtnl_link_state:16;
	void (*destructor)(struct net_device *dev);
	struct netpoll_info __rcu *npinfo;
	struct net *nd_net;
	union {
		void *ml_priv;
		struct pcpu_lstats __percpu *lstats;
		struct pcpu_sw_netstats __percpu *tstats;
		struct pcpu_dstats __percpu *dstats;
		struct pcpu_vstats __percpu *vstats;
	};
	struct garp_port __rcu *garp_port;
	struct mrp_port __rcu *mrp_port;
	struct device dev;
	const struct attribute_group *sysfs_groups[4];
	const struct attribute_group *sysfs_rx_queue_group;
	const struct rtnl_link_ops *rtnl_link_ops;
#define GSO_MAX_SIZE 65536
	unsigned int gso_max_size;
#define GSO_MAX_SEGS 65535
	u16 gso_max_segs;
	u16 gso_min_segs;
	const struct dcbnl_rtnl_ops *dcbnl_ops;
	u8 num_tc;
	struct netdev_tc_txq {
		u16 count;
		u16 offset;
	} tc_to_txq[16];
	u8 prio_tc_map[16];
	struct phy_device *phydev;
	struct lock_class_key *qdisc_tx_busylock;
};
#define to_net_dev(d) container_of(d, struct net_device, dev)

#define NETDEV_ALIGN 32

/* The driver's private area follows the aligned net_device (rule 8). */
static inline void *netdev_priv(const struct net_device *dev)
{
	return (char *)dev + ALIGN(sizeof(struct net_device), NETDEV_ALIGN);
}

#define SET_NETDEV_DEV(net, pdev) ((net)->dev.parent = (pdev))
#define SET_NETDEV_DEVTYPE(net, devtype) ((net)->dev.type = (devtype))
#define SET_ETHTOOL_OPS(netdev, ops) ((netdev)->ethtool_ops = (ops))

static inline struct netdev_queue *netdev_get_tx_queue(const struct net_device *dev, unsigned int index)
{
	return &dev->_tx[index];
}

static inline struct net *dev_net(const struct net_device *dev)
{
	return dev->nd_net;
}

/* Allocation and registration (rule 1). */
extern struct net_device *alloc_netdev_mqs(int sizeof_priv, const char *name, unsigned char name_assign_type,
					   void (*setup)(struct net_device *), unsigned int txqs,
					   unsigned int rxqs);
#define alloc_netdev(sizeof_priv, name, name_assign_type, setup) \
	alloc_netdev_mqs(sizeof_priv, name, name_assign_type, setup, 1, 1)
#define alloc_netdev_mq(sizeof_priv, name, name_assign_type, setup, count) \
	alloc_netdev_mqs(sizeof_priv, name, name_assign_type, setup, count, count)
extern void free_netdev(struct net_device *dev);
extern int register_netdev(struct net_device *dev);
extern void unregister_netdev(struct net_device *dev);
extern int register_netdevice(struct net_device *dev);
extern void unregister_netdevice_queue(struct net_device *dev, struct list_head *head);
extern void unregister_netdevice_many(struct list_head *head);
extern void unregister_netdevice(struct net_device *dev);
extern int dev_alloc_name(struct net_device *dev, const char *name);
extern int dev_open(struct net_device *dev);
extern int dev_close(struct net_device *dev);
extern void dev_disable_lro(struct net_device *dev);
extern int dev_set_mtu(struct net_device *, int);
extern int dev_set_mac_address(struct net_device *, struct sockaddr *);
extern int dev_set_promiscuity(struct net_device *dev, int inc);
extern int dev_set_allmulti(struct net_device *dev, int inc);
extern struct net_device *dev_get_by_name(struct net *net, const char *name);
extern struct net_device *__dev_get_by_name(struct net *net, const char *name);
extern struct net_device *dev_get_by_index(struct net *net, int ifindex);
extern void dev_hold(struct net_device *dev);
extern void dev_put(struct net_device *dev);
extern int dev_queue_xmit(struct sk_buff *skb);
extern int dev_loopback_xmit(struct sk_buff *skb);
extern void netdev_run_todo(void);
extern void netdev_update_features(struct net_device *dev);
extern void netdev_change_features(struct net_device *dev);
extern void netif_stacked_transfer_operstate(const struct net_device *rootdev, struct net_device *dev);
extern int netif_set_real_num_tx_queues(struct net_device *dev, unsigned int txq);
extern int netif_set_real_num_rx_queues(struct net_device *dev, unsigned int rxq);
extern int netif_get_num_default_rss_queues(void);
extern int register_netdevice_notifier(struct notifier_block *nb);
extern int unregister_netdevice_notifier(struct notifier_block *nb);
extern struct net_device *netdev_notifier_info_to_dev(const void *info);

#define NETDEV_UP 0x0001
#define NETDEV_DOWN 0x0002
#define NETDEV_REBOOT 0x0003
#define NETDEV_CHANGE 0x0004
#define NETDEV_REGISTER 0x0005
#define NETDEV_UNREGISTER 0x0006
#define NETDEV_CHANGEMTU 0x0007
#define NETDEV_CHANGEADDR 0x0008
#define NETDEV_GOING_DOWN 0x0009
#define NETDEV_CHANGENAME 0x000A
#define NETDEV_FEAT_CHANGE 0x000B

/* Receive path. */
extern int netif_rx(struct sk_buff *skb);
extern int netif_rx_ni(struct sk_buff *skb);
extern int netif_receive_skb(struct sk_buff *skb);
extern void netdev_rx_csum_fault(struct net_device *dev);
extern int netdev_rx_handler_register(struct net_device *dev, rx_handler_func_t *rx_handler, void *rx_handler_data);
extern void netdev_rx_handler_unregister(struct net_device *dev);

/* Transmit queue control. */
extern void netif_start_queue(struct net_device *dev);
extern void netif_wake_queue(struct net_device *dev);
extern void netif_stop_queue(struct net_device *dev);
extern bool netif_queue_stopped(const struct net_device *dev);
extern void netif_tx_start_queue(struct netdev_queue *dev_queue);
extern void netif_tx_wake_queue(struct netdev_queue *dev_queue);
extern void netif_tx_stop_queue(struct netdev_queue *dev_queue);
extern bool netif_tx_queue_stopped(const struct netdev_queue *dev_queue);
extern void netif_tx_start_all_queues(struct net_device *dev);
extern void netif_tx_wake_all_queues(struct net_device *dev);
extern void netif_tx_stop_all_queues(struct net_device *dev);
extern void netif_tx_disable(struct net_device *dev);
extern void netif_start_subqueue(struct net_device *dev, u16 queue_index);
extern void netif_stop_subqueue(struct net_device *dev, u16 queue_index);
extern void netif_wake_subqueue(struct net_device *dev, u16 queue_index);
extern bool __netif_subqueue_stopped(const struct net_device *dev, u16 queue_index);
#define netif_subqueue_stopped(dev, skb) __netif_subqueue_stopped(dev, skb_get_queue_mapping(skb))
extern void netdev_tx_sent_queue(struct netdev_queue *dev_queue, unsigned int bytes);
extern void netdev_tx_completed_queue(struct netdev_queue *dev_queue, unsigned int pkts, unsigned int bytes);
extern void netdev_tx_reset_queue(struct netdev_queue *q);
extern void netdev_sent_queue(struct net_device *dev, unsigned int bytes);
extern void netdev_completed_queue(struct net_device *dev, unsigned int pkts, unsigned int bytes);
extern void netdev_reset_queue(struct net_device *dev_queue);

/* The transmit lock the core holds around ndo_start_xmit (locking table). */
extern void netif_tx_lock(struct net_device *dev);
extern void netif_tx_lock_bh(struct net_device *dev);
extern void netif_tx_unlock(struct net_device *dev);
extern void netif_tx_unlock_bh(struct net_device *dev);
extern void __netif_tx_lock(struct netdev_queue *txq, int cpu);
extern void __netif_tx_lock_bh(struct netdev_queue *txq);
extern bool __netif_tx_trylock(struct netdev_queue *txq);
extern void __netif_tx_unlock(struct netdev_queue *txq);
extern void __netif_tx_unlock_bh(struct netdev_queue *txq);
extern void netif_addr_lock(struct net_device *dev);
extern void netif_addr_lock_bh(struct net_device *dev);
extern void netif_addr_unlock(struct net_device *dev);
extern void netif_addr_unlock_bh(struct net_device *dev);

/* Link state. */
extern bool netif_running(const struct net_device *dev);
extern bool netif_carrier_ok(const struct net_device *dev);
extern void netif_carrier_on(struct net_device *dev);
extern void netif_carrier_off(struct net_device *dev);
extern void netif_dormant_on(struct net_device *dev);
extern void netif_dormant_off(struct net_device *dev);
extern bool netif_dormant(const struct net_device *dev);
extern bool netif_oper_up(const struct net_device *dev);
extern bool netif_device_present(struct net_device *dev);
extern void netif_device_detach(struct net_device *dev);
extern void netif_device_attach(struct net_device *dev);
extern void netif_schedule_queue(struct netdev_queue *txq);
extern void netif_tx_schedule_all(struct net_device *dev);
extern void netdev_state_change(struct net_device *dev);
extern void netdev_notify_peers(struct net_device *dev);

extern void __dev_kfree_skb_irq(struct sk_buff *skb, enum skb_free_reason reason);
extern void __dev_kfree_skb_any(struct sk_buff *skb, enum skb_free_reason reason);

static inline void dev_kfree_skb_irq(struct sk_buff *skb)
{
	__dev_kfree_skb_irq(skb, SKB_REASON_DROPPED);
}

static inline void dev_consume_skb_irq(struct sk_buff *skb)
{
	__dev_kfree_skb_irq(skb, SKB_REASON_CONSUMED);
}

static inline void dev_kfree_skb_any(struct sk_buff *skb)
{
	__dev_kfree_skb_any(skb, SKB_REASON_DROPPED);
}

static inline void dev_consume_skb_any(struct sk_buff *skb)
{
	__dev_kfree_skb_any(skb, SKB_REASON_CONSUMED);
}

#define dev_kfree_skb(a) consume_skb(a)

/* Message levels. */
enum {
	NETIF_MSG_DRV = 0x0001,
	NETIF_MSG_PROBE = 0x0002,
	NETIF_MSG_LINK = 0x0004,
	NETIF_MSG_TIMER = 0x0008,
	NETIF_MSG_IFDOWN = 0x0010,
	NETIF_MSG_IFUP = 0x0020,
	NETIF_MSG_RX_ERR = 0x0040,
	NETIF_MSG_TX_ERR = 0x0080,
	NETIF_MSG_TX_QUEUED = 0x0100,
	NETIF_MSG_INTR = 0x0200,
	NETIF_MSG_TX_DONE = 0x0400,
	NETIF_MSG_RX_STATUS = 0x0800,
	NETIF_MSG_PKTDATA = 0x1000,
	NETIF_MSG_HW = 0x2000,
	NETIF_MSG_WOL = 0x4000,
};

#define netif_msg_drv(p) ((p)->msg_enable & NETIF_MSG_DRV)
#define netif_msg_probe(p) ((p)->msg_enable & NETIF_MSG_PROBE)
#define netif_msg_link(p) ((p)->msg_enable & NETIF_MSG_LINK)
#define netif_msg_timer(p) ((p)->msg_enable & NETIF_MSG_TIMER)
#define netif_msg_ifdown(p) ((p)->msg_enable & NETIF_MSG_IFDOWN)
#define netif_msg_ifup(p) ((p)->msg_enable & NETIF_MSG_IFUP)
#define netif_msg_rx_err(p) ((p)->msg_enable & NETIF_MSG_RX_ERR)
#define netif_msg_tx_err(p) ((p)->msg_enable & NETIF_MSG_TX_ERR)
#define netif_msg_tx_queued(p) ((p)->msg_enable & NETIF_MSG_TX_QUEUED)
#define netif_msg_intr(p) ((p)->msg_enable & NETIF_MSG_INTR)
#define netif_msg_tx_done(p) ((p)->msg_enable & NETIF_MSG_TX_DONE)
#define netif_msg_rx_status(p) ((p)->msg_enable & NETIF_MSG_RX_STATUS)
#define netif_msg_pktdata(p) ((p)->msg_enable & NETIF_MSG_PKTDATA)
#define netif_msg_hw(p) ((p)->msg_enable & NETIF_MSG_HW)
#define netif_msg_wol(p) ((p)->msg_enable & NETIF_MSG_WOL)

static inline u32 netif_msg_init(int debug_value, int default_msg_enable_bits)
{
	if (debug_value < 0 || debug_value >= (int)(sizeof(u32) * 8))
		return default_msg_enable_bits;
	if (debug_value == 0)
		return 0;
	return (1 << debug_value) - 1;
}

/* Messages (rule 10): printf-like externs and macros that keep their arguments. */
extern __printf(3, 4) int netdev_printk(const char *level, const struct net_device *dev, const char *format, ...);
extern __printf(2, 3) int netdev_emerg(const struct net_device *dev, const char *format, ...);
extern __printf(2, 3) int netdev_alert(const struct net_device *dev, const char *format, ...);
extern __printf(2, 3) int netdev_crit(const struct net_device *dev, const char *format, ...);
extern __printf(2, 3) int netdev_err(const struct net_device *dev, const char *format, ...);
extern __printf(2, 3) int netdev_warn(const struct net_device *dev, const char *format, ...);
extern __printf(2, 3) int netdev_notice(const struct net_device *dev, const char *format, ...);
extern __printf(2, 3) int netdev_info(const struct net_device *dev, const char *format, ...);
extern const char *netdev_name(const struct net_device *dev);
extern const char *netdev_reg_state(const struct net_device *dev);

#define netdev_dbg(__dev, format, ...) netdev_printk(KERN_DEBUG, __dev, format, ##__VA_ARGS__)
#define netdev_vdbg(dev, format, ...) netdev_dbg(dev, format, ##__VA_ARGS__)
#define netdev_WARN(dev, format, ...) \
	WARN(1, "netdevice: %s%s\n" format, netdev_name(dev), netdev_reg_state(dev), ##__VA_ARGS__)

#define netif_printk(priv, type, level, dev, fmt, ...) \
	do { if (netif_msg_##type(priv)) netdev_printk(level, (dev), fmt, ##__VA_ARGS__); } while (0)
#define netif_level(level, priv, type, dev, fmt, ...) \
	do { if (netif_msg_##type(priv)) netdev_##level(dev, fmt, ##__VA_ARGS__); } while (0)
#define netif_emerg(priv, type, dev, fmt, ...) netif_level(emerg, priv, type, dev, fmt, ##__VA_ARGS__)
#define netif_alert(priv, type, dev, fmt, ...) netif_level(alert, priv, type, dev, fmt, ##__VA_ARGS__)
#define netif_crit(priv, type, dev, fmt, ...) netif_level(crit, priv, type, dev, fmt, ##__VA_ARGS__)
#define netif_err(priv, type, dev, fmt, ...) netif_level(err, priv, type, dev, fmt, ##__VA_ARGS__)
#define netif_warn(priv, type, dev, fmt, ...) netif_level(warn, priv, type, dev, fmt, ##__VA_ARGS__)
#define netif_notice(priv, type, dev, fmt, ...) netif_level(notice, priv, type, dev, fmt, ##__VA_ARGS__)
#define netif_info(priv, type, dev, fmt, ...) netif_level(info, priv, type, dev, fmt, ##__VA_ARGS__)
#define netif_dbg(priv, type, netdev, format, ...) \
	do { if (netif_msg_##type(priv)) netdev_printk(KERN_DEBUG, netdev, format, ##__VA_ARGS__); } while (0)
#define netif_vdbg(priv, type, dev, format, ...) netif_dbg(priv, type, dev, format, ##__VA_ARGS__)

extern struct rtnl_link_stats64 *dev_get_stats(struct net_device *dev, struct rtnl_link_stats64 *storage);
extern void netdev_stats_to_stats64(struct rtnl_link_stats64 *stats64, const struct net_device_stats *netdev_stats);

extern int netdev_boot_setup_check(struct net_device *dev);
extern unsigned long netdev_boot_base(const char *prefix, int unit);

extern int init_dummy_netdev(struct net_device *dev);
extern void ether_setup(struct net_device *dev);

#endif /* _WHOOP_LINUX_NETDEVICE_H */
