/* whoop model: linux/cpu.h - CPU hotplug notifications. */
#ifndef _WHOOP_LINUX_CPU_H
#define _WHOOP_LINUX_CPU_H

#include <linux/node.h>
#include <linux/compiler.h>
#include <linux/cpumask.h>
#include <linux/notifier.h>

#define CPU_ONLINE 0x0002
#define CPU_UP_PREPARE 0x0003
#define CPU_UP_CANCELED 0x0004
#define CPU_DOWN_PREPARE 0x0005
#define CPU_DOWN_FAILED 0x0006
#define CPU_DEAD 0x0007
#define CPU_DYING 0x0008
#define CPU_POST_DEAD 0x0009
#define CPU_STARTING 0x000A
#define CPU_TASKS_FROZEN 0x0010

/* Registration calls (rule 1). */
extern int register_cpu_notifier(struct notifier_block *nb);
extern void unregister_cpu_notifier(struct notifier_block *nb);
extern void get_online_cpus(void);
extern void put_online_cpus(void);

#endif /* _WHOOP_LINUX_CPU_H */
