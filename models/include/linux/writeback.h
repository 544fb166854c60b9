/* whoop model: linux/writeback.h - writeback control. */
#ifndef _WHOOP_LINUX_WRITEBACK_H
#define _WHOOP_LINUX_WRITEBACK_H

#include <linux/sched.h>
#include <linux/workqueue.h>
#include <linux/fs.h>

enum writeback_sync_modes {
	WB_SYNC_NONE,
	WB_SYNC_ALL,
};

struct writeback_control {
	long nr_to_write;
	long pages_skipped;
	loff_t range_start;
	loff_t range_end;
	enum writeback_sync_modes sync_mode;
	unsigned for_kupdate:1;
	unsigned for_background:1;
	unsigned tagged_writepages:1;
	unsigned for_reclaim:1;
	unsigned range_cyclic:1;
	unsigned for_sync:1;
};

#endif /* _WHOOP_LINUX_WRITEBACK_H */
