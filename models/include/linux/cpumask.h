/* whoop model: linux/cpumask.h - CPU sets. */
#ifndef _WHOOP_LINUX_CPUMASK_H
#define _WHOOP_LINUX_CPUMASK_H

#include <linux/kernel.h>
#include <linux/threads.h>
#include <linux/bitmap.h>
#include <linux/bug.h>

typedef struct cpumask {
	DECLARE_BITMAP(bits, NR_CPUS);
} cpumask_t;

#define nr_cpu_ids NR_CPUS
#define cpumask_bits(maskp) ((maskp)->bits)

extern const struct cpumask *const cpu_possible_mask;
extern const struct cpumask *const cpu_online_mask;
extern const struct cpumask *const cpu_present_mask;
extern const struct cpumask *const cpu_active_mask;

extern unsigned int num_online_cpus(void);
extern unsigned int num_possible_cpus(void);
extern int smp_processor_id(void);
extern int raw_smp_processor_id(void);
extern int get_cpu(void);
extern void put_cpu(void);
extern unsigned int cpumask_next(int n, const struct cpumask *srcp);
extern unsigned int cpumask_first(const struct cpumask *srcp);
extern int cpumask_test_cpu(int cpu, const struct cpumask *cpumask);
extern void cpumask_set_cpu(unsigned int cpu, struct cpumask *dstp);
extern void cpumask_clear_cpu(int cpu, struct cpumask *dstp);
extern void cpumask_clear(struct cpumask *dstp);
extern unsigned int cpumask_weight(const struct cpumask *srcp);
extern const struct cpumask *cpumask_of(int cpu);

#define for_each_cpu(cpu, mask) \
	for ((cpu) = -1; (cpu) = cpumask_next((cpu), (mask)), (cpu) < nr_cpu_ids;)
#define for_each_possible_cpu(cpu) for_each_cpu((cpu), cpu_possible_mask)
#define for_each_online_cpu(cpu) for_each_cpu((cpu), cpu_online_mask)
#define for_each_present_cpu(cpu) for_each_cpu((cpu), cpu_present_mask)

#endif /* _WHOOP_LINUX_CPUMASK_H */
