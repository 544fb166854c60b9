/* whoop model: linux/srcu.h - sleepable RCU. */
#ifndef _WHOOP_LINUX_SRCU_H
#define _WHOOP_LINUX_SRCU_H

#include <linux/mutex.h>
#include <linux/rcupdate.h>
#include <linux/workqueue.h>

struct srcu_struct {
	unsigned long completed;
	struct mutex mutex;
};

extern int init_srcu_struct(struct srcu_struct *sp);
extern void cleanup_srcu_struct(struct srcu_struct *sp);
extern int srcu_read_lock(struct srcu_struct *sp);
extern void srcu_read_unlock(struct srcu_struct *sp, int idx);
extern void synchronize_srcu(struct srcu_struct *sp);

#endif /* _WHOOP_LINUX_SRCU_H */
