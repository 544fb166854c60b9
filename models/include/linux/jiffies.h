/* whoop model: linux/jiffies.h - the tick counter and time comparisons. */
#ifndef _WHOOP_LINUX_JIFFIES_H
#define _WHOOP_LINUX_JIFFIES_H

#include <linux/kernel.h>
#include <linux/types.h>
#include <linux/time.h>
#include <linux/timex.h>
#include <asm/param.h>

/* The kernel updates jiffies from the timer interrupt; reads are marked (volatile). */
extern u64 jiffies_64;
extern unsigned long volatile jiffies;

extern u64 get_jiffies_64(void);

#define time_after(a, b) \
	(typecheck(unsigned long, a) && typecheck(unsigned long, b) && ((long)((b) - (a)) < 0))
#define time_before(a, b) time_after(b, a)
#define time_after_eq(a, b) \
	(typecheck(unsigned long, a) && typecheck(unsigned long, b) && ((long)((a) - (b)) >= 0))
#define time_before_eq(a, b) time_after_eq(b, a)
#define time_in_range(a, b, c) (time_after_eq(a, b) && time_before_eq(a, c))
#define time_in_range_open(a, b, c) (time_after_eq(a, b) && time_before(a, c))
#define time_after64(a, b) \
	(typecheck(__u64, a) && typecheck(__u64, b) && ((__s64)((b) - (a)) < 0))
#define time_before64(a, b) time_after64(b, a)
#define time_after_eq64(a, b) \
	(typecheck(__u64, a) && typecheck(__u64, b) && ((__s64)((a) - (b)) >= 0))
#define time_before_eq64(a, b) time_after_eq64(b, a)
#define time_is_before_jiffies(a) time_after(jiffies, a)
#define time_is_after_jiffies(a) time_before(jiffies, a)
#define time_is_before_eq_jiffies(a) time_after_eq(jiffies, a)
#define time_is_after_eq_jiffies(a) time_before_eq(jiffies, a)

#define INITIAL_JIFFIES ((unsigned long)(unsigned int)(-300 * HZ))
#define MAX_JIFFY_OFFSET ((LONG_MAX >> 1) - 1)

extern unsigned long preset_lpj;

extern unsigned int jiffies_to_msecs(const unsigned long j);
extern unsigned int jiffies_to_usecs(const unsigned long j);
static inline u64 jiffies_to_nsecs(const unsigned long j)
{
	return (u64)jiffies_to_usecs(j) * 1000;
}
extern unsigned long msecs_to_jiffies(const unsigned int m);
extern unsigned long usecs_to_jiffies(const unsigned int u);
extern unsigned long timespec_to_jiffies(const struct timespec *value);
extern void jiffies_to_timespec(const unsigned long jiffies, struct timespec *value);
extern unsigned long timeval_to_jiffies(const struct timeval *value);
extern void jiffies_to_timeval(const unsigned long jiffies, struct timeval *value);
extern clock_t jiffies_to_clock_t(unsigned long x);
extern unsigned long clock_t_to_jiffies(unsigned long x);
extern u64 jiffies_64_to_clock_t(u64 x);
extern u64 nsecs_to_jiffies64(u64 n);
extern unsigned long nsecs_to_jiffies(u64 n);

extern unsigned long round_jiffies(unsigned long j);
extern unsigned long round_jiffies_relative(unsigned long j);
extern unsigned long round_jiffies_up(unsigned long j);
extern unsigned long round_jiffies_up_relative(unsigned long j);
extern unsigned long __round_jiffies(unsigned long j, int cpu);
extern unsigned long __round_jiffies_relative(unsigned long j, int cpu);

#endif /* _WHOOP_LINUX_JIFFIES_H */
