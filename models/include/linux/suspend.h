/* whoop model: linux/suspend.h - system sleep notifications. */
#ifndef _WHOOP_LINUX_SUSPEND_H
#define _WHOOP_LINUX_SUSPEND_H

#include <linux/notifier.h>
#include <linux/init.h>
#include <linux/pm.h>
#include <linux/mm.h>

#define PM_HIBERNATION_PREPARE 0x0001
#define PM_POST_HIBERNATION 0x0002
#define PM_SUSPEND_PREPARE 0x0003
#define PM_POST_SUSPEND 0x0004
#define PM_RESTORE_PREPARE 0x0005
#define PM_POST_RESTORE 0x0006

typedef int suspend_state_t;
#define PM_SUSPEND_ON ((suspend_state_t)0)
#define PM_SUSPEND_FREEZE ((suspend_state_t)1)
#define PM_SUSPEND_STANDBY ((suspend_state_t)2)
#define PM_SUSPEND_MEM ((suspend_state_t)3)

/* Registration calls (rule 1). */
extern int register_pm_notifier(struct notifier_block *nb);
extern int unregister_pm_notifier(struct notifier_block *nb);

#endif /* _WHOOP_LINUX_SUSPEND_H */
