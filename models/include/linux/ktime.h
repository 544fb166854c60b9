/* whoop model: linux/ktime.h - nanosecond time values. */
#ifndef _WHOOP_LINUX_KTIME_H
#define _WHOOP_LINUX_KTIME_H

#include <linux/time.h>
#include <linux/jiffies.h>

union ktime {
	s64 tv64;
};
typedef union ktime ktime_t;

#define KTIME_MAX ((s64)~((u64)1 << 63))
#define KTIME_SEC_MAX (KTIME_MAX / NSEC_PER_SEC)

static inline ktime_t ktime_set(const s64 secs, const unsigned long nsecs)
{
	return (ktime_t){ .tv64 = secs * NSEC_PER_SEC + (s64)nsecs };
}

#define ktime_sub(lhs, rhs) ({ (ktime_t){ .tv64 = (lhs).tv64 - (rhs).tv64 }; })
#define ktime_add(lhs, rhs) ({ (ktime_t){ .tv64 = (lhs).tv64 + (rhs).tv64 }; })
#define ktime_add_ns(kt, nsval) ({ (ktime_t){ .tv64 = (kt).tv64 + (nsval) }; })
#define ktime_sub_ns(kt, nsval) ({ (ktime_t){ .tv64 = (kt).tv64 - (nsval) }; })
#define ktime_to_ns(kt) ((kt).tv64)

static inline ktime_t timespec_to_ktime(struct timespec ts)
{
	return ktime_set(ts.tv_sec, ts.tv_nsec);
}

static inline ktime_t timeval_to_ktime(struct timeval tv)
{
	return ktime_set(tv.tv_sec, tv.tv_usec * NSEC_PER_USEC);
}

static inline ktime_t ns_to_ktime(u64 ns)
{
	return (ktime_t){ .tv64 = ns };
}

static inline ktime_t ms_to_ktime(u64 ms)
{
	return (ktime_t){ .tv64 = ms * NSEC_PER_MSEC };
}

static inline int ktime_equal(const ktime_t cmp1, const ktime_t cmp2)
{
	return cmp1.tv64 == cmp2.tv64;
}

static inline int ktime_compare(const ktime_t cmp1, const ktime_t cmp2)
{
	if (cmp1.tv64 < cmp2.tv64)
		return -1;
	if (cmp1.tv64 > cmp2.tv64)
		return 1;
	return 0;
}

static inline s64 ktime_to_us(const ktime_t kt)
{
	return kt.tv64 / NSEC_PER_USEC;
}

static inline s64 ktime_to_ms(const ktime_t kt)
{
	return kt.tv64 / NSEC_PER_MSEC;
}

static inline s64 ktime_us_delta(const ktime_t later, const ktime_t earlier)
{
	return ktime_to_us(ktime_sub(later, earlier));
}

static inline ktime_t ktime_add_us(const ktime_t kt, const u64 usec)
{
	return ktime_add_ns(kt, usec * NSEC_PER_USEC);
}

static inline ktime_t ktime_add_ms(const ktime_t kt, const u64 msec)
{
	return ktime_add_ns(kt, msec * NSEC_PER_MSEC);
}

extern ktime_t ktime_get(void);
extern ktime_t ktime_get_real(void);
extern ktime_t ktime_get_boottime(void);
extern ktime_t ktime_get_raw(void);
extern ktime_t ktime_get_with_offset(int offs);
extern u64 ktime_get_ns(void);
extern u64 ktime_get_real_ns(void);
extern u64 ktime_get_raw_ns(void);
extern time64_t ktime_get_seconds(void);
extern time64_t ktime_get_real_seconds(void);

#define ktime_to_timespec(kt) ns_to_timespec((kt).tv64)
#define ktime_to_timeval(kt) ns_to_timeval((kt).tv64)

#endif /* _WHOOP_LINUX_KTIME_H */
