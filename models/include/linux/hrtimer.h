/* whoop model: linux/hrtimer.h - high-resolution timers (callback registration). */
#ifndef _WHOOP_LINUX_HRTIMER_H
#define _WHOOP_LINUX_HRTIMER_H

#include <linux/rbtree.h>
#include <linux/ktime.h>
#include <linux/init.h>
#include <linux/list.h>
#include <linux/wait.h>
#include <linux/percpu.h>
#include <linux/timer.h>

struct hrtimer_clock_base;

enum hrtimer_mode {
	HRTIMER_MODE_ABS = 0x0,
	HRTIMER_MODE_REL = 0x1,
	HRTIMER_MODE_PINNED = 0x02,
	HRTIMER_MODE_ABS_PINNED = 0x02,
	HRTIMER_MODE_REL_PINNED = 0x03,
};

enum hrtimer_restart {
	HRTIMER_NORESTART,
	HRTIMER_RESTART,
};

struct timerqueue_node {
	struct rb_node node;
	ktime_t expires;
};

struct hrtimer {
	struct timerqueue_node node;
	ktime_t _softexpires;
	enum hrtimer_restart (*function)(struct hrtimer *);
	struct hrtimer_clock_base *base;
	unsigned long state;
};

extern void hrtimer_init(struct hrtimer *timer, clockid_t which_clock, enum hrtimer_mode mode);
extern int hrtimer_start(struct hrtimer *timer, ktime_t tim, const enum hrtimer_mode mode);
extern int hrtimer_start_range_ns(struct hrtimer *timer, ktime_t tim, unsigned long range_ns,
				  const enum hrtimer_mode mode);
extern int hrtimer_cancel(struct hrtimer *timer);
extern int hrtimer_try_to_cancel(struct hrtimer *timer);
extern u64 hrtimer_forward(struct hrtimer *timer, ktime_t now, ktime_t interval);
extern ktime_t hrtimer_get_remaining(const struct hrtimer *timer);
extern int hrtimer_active(const struct hrtimer *timer);
extern int hrtimer_is_queued(struct hrtimer *timer);
extern int hrtimer_callback_running(struct hrtimer *timer);

static inline u64 hrtimer_forward_now(struct hrtimer *timer, ktime_t interval)
{
	return hrtimer_forward(timer, ktime_get(), interval);
}

static inline void hrtimer_set_expires(struct hrtimer *timer, ktime_t time)
{
	timer->node.expires = time;
	timer->_softexpires = time;
}

static inline ktime_t hrtimer_get_expires(const struct hrtimer *timer)
{
	return timer->node.expires;
}

#endif /* _WHOOP_LINUX_HRTIMER_H */
