/* whoop model: linux/node.h - NUMA node devices. */
#ifndef _WHOOP_LINUX_NODE_H
#define _WHOOP_LINUX_NODE_H

#include <linux/device.h>
#include <linux/cpumask.h>

struct node {
	struct device dev;
};

#endif /* _WHOOP_LINUX_NODE_H */
