/* whoop model: linux/net.h - sockets as seen by the networking core. */
#ifndef _WHOOP_LINUX_NET_H
#define _WHOOP_LINUX_NET_H

#include <linux/stringify.h>
#include <linux/random.h>
#include <linux/wait.h>
#include <linux/fcntl.h>
#include <linux/kmemcheck.h>
#include <linux/rcupdate.h>
#include <linux/socket.h>

enum sock_type {
	SOCK_STREAM = 1,
	SOCK_DGRAM = 2,
	SOCK_RAW = 3,
	SOCK_RDM = 4,
	SOCK_SEQPACKET = 5,
	SOCK_DCCP = 6,
	SOCK_PACKET = 10,
};

typedef enum {
	SS_FREE = 0,
	SS_UNCONNECTED,
	SS_CONNECTING,
	SS_CONNECTED,
	SS_DISCONNECTING
} socket_state;

struct socket;
struct proto_ops;

extern int net_ratelimit(void);
#define net_ratelimited_function(function, ...) \
	do { if (net_ratelimit()) function(__VA_ARGS__); } while (0)
#define net_err_ratelimited(fmt, ...) net_ratelimited_function(pr_err, fmt, ##__VA_ARGS__)
#define net_warn_ratelimited(fmt, ...) net_ratelimited_function(pr_warn, fmt, ##__VA_ARGS__)
#define net_info_ratelimited(fmt, ...) net_ratelimited_function(pr_info, fmt, ##__VA_ARGS__)
#define net_dbg_ratelimited(fmt, ...) net_ratelimited_function(pr_debug, fmt, ##__VA_ARGS__)

#endif /* _WHOOP_LINUX_NET_H */
