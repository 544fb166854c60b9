/* whoop model: linux/dynamic_queue_limits.h - byte queue limit state of a transmit queue. */
#ifndef _WHOOP_LINUX_DYNAMIC_QUEUE_LIMITS_H
#define _WHOOP_LINUX_DYNAMIC_QUEUE_LIMITS_H

struct dql {
	unsigned int num_queued;
	unsigned int adj_limit;
	unsigned int last_obj_cnt;
	unsigned int limit;
	unsigned int num_completed;
	unsigned int prev_ovlimit;
	unsigned int prev_num_queued;
	unsigned int prev_last_obj_cnt;
	unsigned int lowest_slack;
	unsigned long slack_start_time;
	unsigned int max_limit;
	unsigned int min_limit;
	unsigned int slack_hold_time;
};

#endif /* _WHOOP_LINUX_DYNAMIC_QUEUE_LIMITS_H */
