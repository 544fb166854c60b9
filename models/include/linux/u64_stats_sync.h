/* whoop model: linux/u64_stats_sync.h - 64-bit statistics readers and writers (a no-op on 64-bit SMP). */
#ifndef _WHOOP_LINUX_U64_STATS_SYNC_H
#define _WHOOP_LINUX_U64_STATS_SYNC_H

#include <linux/seqlock.h>

/* On 64-bit kernels the struct is empty and the calls compile to nothing. */
struct u64_stats_sync {
};

#define u64_stats_init(syncp) do { (void)(syncp); } while (0)

static inline void u64_stats_update_begin(struct u64_stats_sync *syncp)
{
}

static inline void u64_stats_update_end(struct u64_stats_sync *syncp)
{
}

static inline unsigned int u64_stats_fetch_begin(const struct u64_stats_sync *syncp)
{
	return 0;
}

static inline bool u64_stats_fetch_retry(const struct u64_stats_sync *syncp, unsigned int start)
{
	return false;
}

static inline unsigned int u64_stats_fetch_begin_irq(const struct u64_stats_sync *syncp)
{
	return 0;
}

static inline bool u64_stats_fetch_retry_irq(const struct u64_stats_sync *syncp, unsigned int start)
{
	return false;
}

#endif /* _WHOOP_LINUX_U64_STATS_SYNC_H */
