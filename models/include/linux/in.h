/* whoop model: linux/in.h - IP protocol numbers and the IPv4 socket address. */
#ifndef _WHOOP_LINUX_IN_H
#define _WHOOP_LINUX_IN_H

#include <linux/types.h>
#include <linux/socket.h>

enum {
	IPPROTO_IP = 0,
	IPPROTO_ICMP = 1,
	IPPROTO_TCP = 6,
	IPPROTO_UDP = 17,
	IPPROTO_IPV6 = 41,
	IPPROTO_RAW = 255,
};

struct in_addr {
	__be32 s_addr;
};

#endif
