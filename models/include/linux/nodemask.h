/* whoop model: linux/nodemask.h - NUMA node sets. */
#ifndef _WHOOP_LINUX_NODEMASK_H
#define _WHOOP_LINUX_NODEMASK_H

#include <linux/kernel.h>
#include <linux/threads.h>
#include <linux/bitmap.h>

#define MAX_NUMNODES 64

typedef struct {
	DECLARE_BITMAP(bits, MAX_NUMNODES);
} nodemask_t;

#endif /* _WHOOP_LINUX_NODEMASK_H */
