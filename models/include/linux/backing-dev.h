/* whoop model: linux/backing-dev.h - per-device writeback state. */
#ifndef _WHOOP_LINUX_BACKING_DEV_H
#define _WHOOP_LINUX_BACKING_DEV_H

#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/sched.h>
#include <linux/timer.h>
#include <linux/writeback.h>
#include <linux/atomic.h>

typedef int (congested_fn)(void *, int);

struct backing_dev_info {
	struct list_head bdi_list;
	unsigned long ra_pages;
	unsigned long state;
	unsigned int capabilities;
	congested_fn *congested_fn;
	void *congested_data;
	char *name;
	unsigned int min_ratio;
	unsigned int max_ratio, max_prop_frac;
	struct device *dev;
};

#define BDI_CAP_NO_ACCT_DIRTY 0x00000001
#define BDI_CAP_NO_WRITEBACK 0x00000002
#define BDI_CAP_NO_ACCT_WB 0x00000004
#define BDI_CAP_STABLE_WRITES 0x00000008
#define BDI_CAP_STRICTLIMIT 0x00000010

#endif /* _WHOOP_LINUX_BACKING_DEV_H */
