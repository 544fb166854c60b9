/* whoop model: linux/pm_runtime.h - runtime power-management reference counting. */
#ifndef _WHOOP_LINUX_PM_RUNTIME_H
#define _WHOOP_LINUX_PM_RUNTIME_H

#include <linux/device.h>
#include <linux/pm.h>
#include <linux/jiffies.h>

#define RPM_ASYNC 0x01
#define RPM_NOWAIT 0x02
#define RPM_GET_PUT 0x04
#define RPM_AUTO 0x08

/* Kept as calls: whoop may treat get/put pairs like a lock on the device's power state. */
extern int __pm_runtime_idle(struct device *dev, int rpmflags);
extern int __pm_runtime_suspend(struct device *dev, int rpmflags);
extern int __pm_runtime_resume(struct device *dev, int rpmflags);
extern int pm_schedule_suspend(struct device *dev, unsigned int delay);
extern int __pm_runtime_set_status(struct device *dev, unsigned int status);
extern int pm_runtime_barrier(struct device *dev);
extern void pm_runtime_enable(struct device *dev);
extern void __pm_runtime_disable(struct device *dev, bool check_resume);
extern void pm_runtime_allow(struct device *dev);
extern void pm_runtime_forbid(struct device *dev);
extern void pm_runtime_no_callbacks(struct device *dev);
extern void pm_runtime_irq_safe(struct device *dev);
extern void __pm_runtime_use_autosuspend(struct device *dev, bool use);
extern void pm_runtime_set_autosuspend_delay(struct device *dev, int delay);
extern unsigned long pm_runtime_autosuspend_expiration(struct device *dev);
extern int pm_generic_runtime_suspend(struct device *dev);
extern int pm_generic_runtime_resume(struct device *dev);
extern int pm_runtime_force_suspend(struct device *dev);
extern int pm_runtime_force_resume(struct device *dev);

extern int pm_runtime_idle(struct device *dev);
extern int pm_runtime_suspend(struct device *dev);
extern int pm_runtime_autosuspend(struct device *dev);
extern int pm_runtime_resume(struct device *dev);
extern int pm_request_idle(struct device *dev);
extern int pm_request_resume(struct device *dev);
extern int pm_request_autosuspend(struct device *dev);
extern int pm_runtime_get(struct device *dev);
extern int pm_runtime_get_sync(struct device *dev);
extern void pm_runtime_get_noresume(struct device *dev);
extern int pm_runtime_put(struct device *dev);
extern int pm_runtime_put_autosuspend(struct device *dev);
extern int pm_runtime_put_sync(struct device *dev);
extern int pm_runtime_put_sync_suspend(struct device *dev);
extern int pm_runtime_put_sync_autosuspend(struct device *dev);
extern void pm_runtime_put_noidle(struct device *dev);
extern int pm_runtime_set_active(struct device *dev);
extern void pm_runtime_set_suspended(struct device *dev);
extern void pm_runtime_disable(struct device *dev);
extern void pm_runtime_use_autosuspend(struct device *dev);
extern void pm_runtime_dont_use_autosuspend(struct device *dev);
extern void pm_runtime_mark_last_busy(struct device *dev);
extern bool pm_runtime_suspended(struct device *dev);
extern bool pm_runtime_active(struct device *dev);
extern bool pm_runtime_status_suspended(struct device *dev);
extern bool pm_runtime_enabled(struct device *dev);
extern bool pm_children_suspended(struct device *dev);

#endif /* _WHOOP_LINUX_PM_RUNTIME_H */
