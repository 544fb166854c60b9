/* whoop model: linux/if.h - interface flags, ifreq and ifmap. */
#ifndef _WHOOP_LINUX_IF_H
#define _WHOOP_LINUX_IF_H

#include <linux/types.h>
#include <linux/socket.h>
#include <linux/compiler.h>

#define IFNAMSIZ 16
#define IFALIASZ 256

#define IFF_UP 0x1
#define IFF_BROADCAST 0x2
#define IFF_DEBUG 0x4
#define IFF_LOOPBACK 0x8
#define IFF_POINTOPOINT 0x10
#define IFF_NOTRAILERS 0x20
#define IFF_RUNNING 0x40
#define IFF_NOARP 0x80
#define IFF_PROMISC 0x100
#define IFF_ALLMULTI 0x200
#define IFF_MASTER 0x400
#define IFF_SLAVE 0x800
#define IFF_MULTICAST 0x1000
#define IFF_PORTSEL 0x2000
#define IFF_AUTOMEDIA 0x4000
#define IFF_DYNAMIC 0x8000
#define IFF_LOWER_UP 0x10000
#define IFF_DORMANT 0x20000
#define IFF_ECHO 0x40000
#define IFF_VOLATILE (IFF_LOOPBACK | IFF_POINTOPOINT | IFF_BROADCAST | IFF_ECHO | IFF_MASTER | \
		      IFF_SLAVE | IFF_RUNNING | IFF_LOWER_UP | IFF_DORMANT)

/* Private flags (net_device.priv_flags). */
#define IFF_802_1Q_VLAN (1 << 0)
#define IFF_EBRIDGE (1 << 1)
#define IFF_SLAVE_INACTIVE (1 << 2)
#define IFF_MASTER_8023AD (1 << 3)
#define IFF_MASTER_ALB (1 << 4)
#define IFF_BONDING (1 << 5)
#define IFF_SLAVE_NEEDARP (1 << 6)
#define IFF_ISATAP (1 << 7)
#define IFF_MASTER_ARPMON (1 << 8)
#define IFF_WAN_HDLC (1 << 9)
#define IFF_XMIT_DST_RELEASE (1 << 10)
#define IFF_DONT_BRIDGE (1 << 11)
#define IFF_DISABLE_NETPOLL (1 << 12)
#define IFF_MACVLAN_PORT (1 << 13)
#define IFF_BRIDGE_PORT (1 << 14)
#define IFF_OVS_DATAPATH (1 << 15)
#define IFF_TX_SKB_SHARING (1 << 16)
#define IFF_UNICAST_FLT (1 << 17)
#define IFF_TEAM_PORT (1 << 18)
#define IFF_SUPP_NOFCS (1 << 19)
#define IFF_LIVE_ADDR_CHANGE (1 << 20)
#define IFF_MACVLAN (1 << 21)
#define IFF_XMIT_DST_RELEASE_PERM (1 << 22)
#define IFF_IPVLAN_MASTER (1 << 23)
#define IFF_IPVLAN_SLAVE (1 << 24)

#define IF_GET_IFACE 0x0001
#define IF_GET_PROTO 0x0002

enum {
	IF_OPER_UNKNOWN,
	IF_OPER_NOTPRESENT,
	IF_OPER_DOWN,
	IF_OPER_LOWERLAYERDOWN,
	IF_OPER_TESTING,
	IF_OPER_DORMANT,
	IF_OPER_UP,
};

enum {
	IF_LINK_MODE_DEFAULT,
	IF_LINK_MODE_DORMANT,
};

struct ifmap {
	unsigned long mem_start;
	unsigned long mem_end;
	unsigned short base_addr;
	unsigned char irq;
	unsigned char dma;
	unsigned char port;
};

struct if_settings {
	unsigned int type;
	unsigned int size;
	void __user *ifs_ifsu;
};

struct ifreq {
#define IFHWADDRLEN 6
	union {
		char ifrn_name[IFNAMSIZ];
	} ifr_ifrn;
	union {
		struct sockaddr ifru_addr;
		struct sockaddr ifru_dstaddr;
		struct sockaddr ifru_broadaddr;
		struct sockaddr ifru_netmask;
		struct sockaddr ifru_hwaddr;
		short ifru_flags;
		int ifru_ivalue;
		int ifru_mtu;
		struct ifmap ifru_map;
		char ifru_slave[IFNAMSIZ];
		char ifru_newname[IFNAMSIZ];
		void __user *ifru_data;
		struct if_settings ifru_settings;
	} ifr_ifru;
};

#define ifr_name ifr_ifrn.ifrn_name
#define ifr_hwaddr ifr_ifru.ifru_hwaddr
#define ifr_addr ifr_ifru.ifru_addr
#define ifr_dstaddr ifr_ifru.ifru_dstaddr
#define ifr_broadaddr ifr_ifru.ifru_broadaddr
#define ifr_netmask ifr_ifru.ifru_netmask
#define ifr_flags ifr_ifru.ifru_flags
#define ifr_metric ifr_ifru.ifru_ivalue
#define ifr_mtu ifr_ifru.ifru_mtu
#define ifr_map ifr_ifru.ifru_map
#define ifr_slave ifr_ifru.ifru_slave
#define ifr_data ifr_ifru.ifru_data
#define ifr_ifindex ifr_ifru.ifru_ivalue
#define ifr_bandwidth ifr_ifru.ifru_ivalue
#define ifr_qlen ifr_ifru.ifru_ivalue
#define ifr_newname ifr_ifru.ifru_newname
#define ifr_settings ifr_ifru.ifru_settings

#endif /* _WHOOP_LINUX_IF_H */
