/* whoop model: linux/smp.h - cross-CPU function calls and CPU ids. */
#ifndef _WHOOP_LINUX_SMP_H
#define _WHOOP_LINUX_SMP_H

#include <linux/errno.h>
#include <linux/types.h>
#include <linux/list.h>
#include <linux/cpumask.h>
#include <linux/init.h>
#include <linux/llist.h>

typedef void (*smp_call_func_t)(void *info);

struct call_single_data {
	struct llist_node llist;
	smp_call_func_t func;
	void *info;
	u16 flags;
};

extern int smp_call_function_single(int cpuid, smp_call_func_t func, void *info, int wait);
extern int smp_call_function(smp_call_func_t func, void *info, int wait);
extern void smp_call_function_many(const struct cpumask *mask, smp_call_func_t func, void *info, bool wait);
extern int on_each_cpu(smp_call_func_t func, void *info, int wait);
extern void smp_send_stop(void);
extern void smp_send_reschedule(int cpu);

#endif /* _WHOOP_LINUX_SMP_H */
