/* whoop model: linux/keyboard.h - keyboard notifications. */
#ifndef _WHOOP_LINUX_KEYBOARD_H
#define _WHOOP_LINUX_KEYBOARD_H

#include <linux/notifier.h>

struct vc_data;

struct keyboard_notifier_param {
	struct vc_data *vc;
	int down;
	int shift;
	int ledstate;
	unsigned int value;
};

/* Registration calls (rule 1). */
extern int register_keyboard_notifier(struct notifier_block *nb);
extern int unregister_keyboard_notifier(struct notifier_block *nb);

#endif /* _WHOOP_LINUX_KEYBOARD_H */
