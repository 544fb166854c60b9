/* whoop model: linux/topology.h - NUMA topology. */
#ifndef _WHOOP_LINUX_TOPOLOGY_H
#define _WHOOP_LINUX_TOPOLOGY_H

#define NUMA_NO_NODE (-1)

extern int numa_node_id(void);
extern int cpu_to_node(int cpu);

#endif /* _WHOOP_LINUX_TOPOLOGY_H */
