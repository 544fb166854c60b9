/* whoop model: linux/ratelimit.h - message rate limiting state. */
#ifndef _WHOOP_LINUX_RATELIMIT_H
#define _WHOOP_LINUX_RATELIMIT_H

#include <linux/param.h>
#include <linux/spinlock.h>

#define DEFAULT_RATELIMIT_INTERVAL (5 * HZ)
#define DEFAULT_RATELIMIT_BURST 10

struct ratelimit_state {
	raw_spinlock_t lock;
	int interval;
	int burst;
	int printed;
	int missed;
	unsigned long begin;
};

#define DEFINE_RATELIMIT_STATE(name, interval_init, burst_init) \
	struct ratelimit_state name = { \
		.lock = __RAW_SPIN_LOCK_INITIALIZER(name.lock), \
		.interval = interval_init, \
		.burst = burst_init, \
	}

extern int ___ratelimit(struct ratelimit_state *rs, const char *func);
#define __ratelimit(state) ___ratelimit(state, __func__)

#endif /* _WHOOP_LINUX_RATELIMIT_H */
