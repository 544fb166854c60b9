/* whoop model: linux/socket.h - socket address families and struct sockaddr. */
#ifndef _WHOOP_LINUX_SOCKET_H
#define _WHOOP_LINUX_SOCKET_H

#include <linux/types.h>
#include <linux/uio.h>

typedef unsigned short __kernel_sa_family_t;
typedef __kernel_sa_family_t sa_family_t;

#define _K_SS_MAXSIZE 128

struct sockaddr {
	sa_family_t sa_family;
	char sa_data[14];
};

struct __kernel_sockaddr_storage {
	__kernel_sa_family_t ss_family;
	char __data[_K_SS_MAXSIZE - sizeof(unsigned short)];
} __attribute__((aligned(8)));
#define sockaddr_storage __kernel_sockaddr_storage

#define AF_UNSPEC 0
#define AF_UNIX 1
#define AF_INET 2
#define AF_INET6 10
#define AF_NETLINK 16
#define AF_PACKET 17
#define AF_BLUETOOTH 31
#define AF_NFC 39
#define AF_MAX 41
#define PF_UNSPEC AF_UNSPEC
#define PF_INET AF_INET
#define PF_INET6 AF_INET6
#define PF_PACKET AF_PACKET
#define PF_NFC AF_NFC

#define SOL_SOCKET 1

#endif /* _WHOOP_LINUX_SOCKET_H */
