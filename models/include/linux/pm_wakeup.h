/* whoop model: linux/pm_wakeup.h - wakeup capability of devices. */
#ifndef _WHOOP_LINUX_PM_WAKEUP_H
#define _WHOOP_LINUX_PM_WAKEUP_H

#include <linux/types.h>
#include <linux/list.h>
#include <linux/spinlock_types.h>

struct device;

struct wakeup_source {
	const char *name;
	struct list_head entry;
	spinlock_t lock;
	unsigned long timer_expires;
	unsigned long event_count;
	unsigned long active_count;
	bool active:1;
	bool autosleep_enabled:1;
};

extern int device_init_wakeup(struct device *dev, bool val);
extern void device_set_wakeup_capable(struct device *dev, bool capable);
extern int device_set_wakeup_enable(struct device *dev, bool enable);
extern int device_wakeup_enable(struct device *dev);
extern int device_wakeup_disable(struct device *dev);
extern bool device_can_wakeup(struct device *dev);
extern bool device_may_wakeup(struct device *dev);
extern void pm_stay_awake(struct device *dev);
extern void pm_relax(struct device *dev);
extern void pm_wakeup_event(struct device *dev, unsigned int msec);
extern void __pm_stay_awake(struct wakeup_source *ws);
extern void __pm_relax(struct wakeup_source *ws);
extern struct wakeup_source *wakeup_source_register(const char *name);
extern void wakeup_source_unregister(struct wakeup_source *ws);

#endif /* _WHOOP_LINUX_PM_WAKEUP_H */
