/* whoop model: linux/leds.h - LED class devices. */
#ifndef _WHOOP_LINUX_LEDS_H
#define _WHOOP_LINUX_LEDS_H

#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/rwsem.h>
#include <linux/spinlock.h>
#include <linux/timer.h>
#include <linux/workqueue.h>
#include <linux/device.h>

enum led_brightness {
	LED_OFF = 0,
	LED_HALF = 127,
	LED_FULL = 255,
};

struct led_classdev {
	const char *name;
	enum led_brightness brightness;
	enum led_brightness max_brightness;
	int flags;
#define LED_SUSPENDED (1 << 0)
#define LED_CORE_SUSPENDRESUME (1 << 16)
#define LED_BLINK_ONESHOT (1 << 17)
#define LED_BLINK_ONESHOT_STOP (1 << 18)
#define LED_BLINK_INVERT (1 << 19)
#define LED_SYSFS_DISABLE (1 << 20)
#define SET_BRIGHTNESS_ASYNC (1 << 21)
#define SET_BRIGHTNESS_SYNC (1 << 22)
	void (*brightness_set)(struct led_classdev *led_cdev, enum led_brightness brightness);
	int (*brightness_set_sync)(struct led_classdev *led_cdev, enum led_brightness brightness);
	enum led_brightness (*brightness_get)(struct led_classdev *led_cdev);
	int (*blink_set)(struct led_classdev *led_cdev, unsigned long *delay_on, unsigned long *delay_off);
	struct device *dev;
	const struct attribute_group **groups;
	struct list_head node;
	const char *default_trigger;
	unsigned long blink_delay_on, blink_delay_off;
	struct timer_list blink_timer;
	int blink_brightness;
	struct work_struct set_brightness_work;
	int delayed_set_value;
	struct mutex led_access;
};

/* Registration calls (rule 1). */
extern int led_classdev_register(struct device *parent, struct led_classdev *led_cdev);
extern int devm_led_classdev_register(struct device *parent, struct led_classdev *led_cdev);
extern void led_classdev_unregister(struct led_classdev *led_cdev);
extern void led_classdev_suspend(struct led_classdev *led_cdev);
extern void led_classdev_resume(struct led_classdev *led_cdev);
extern void led_blink_set(struct led_classdev *led_cdev, unsigned long *delay_on, unsigned long *delay_off);
extern void led_set_brightness(struct led_classdev *led_cdev, enum led_brightness brightness);

#endif /* _WHOOP_LINUX_LEDS_H */
