/* whoop model: linux/oom.h - out-of-memory notifications. */
#ifndef _WHOOP_LINUX_OOM_H
#define _WHOOP_LINUX_OOM_H

#include <linux/sched.h>
#include <linux/types.h>
#include <linux/notifier.h>

/* Registration calls (rule 1). */
extern int register_oom_notifier(struct notifier_block *nb);
extern int unregister_oom_notifier(struct notifier_block *nb);

#endif /* _WHOOP_LINUX_OOM_H */
