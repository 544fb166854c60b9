/* whoop model: linux/timer.h - kernel timers (callback registration, rules 1 and 6). */
#ifndef _WHOOP_LINUX_TIMER_H
#define _WHOOP_LINUX_TIMER_H

#include <linux/list.h>
#include <linux/ktime.h>
#include <linux/stddef.h>
#include <linux/debugobjects.h>
#include <linux/stringify.h>
#include <linux/jiffies.h>

struct tvec_base;

struct timer_list {
	struct list_head entry;
	unsigned long expires;
	struct tvec_base *base;
	void (*function)(unsigned long);
	unsigned long data;
	int slack;
};

#define TIMER_DEFERRABLE 0x1LU
#define TIMER_IRQSAFE 0x2LU

#define __TIMER_INITIALIZER(_function, _expires, _data, _flags) { \
	.entry = { .prev = TIMER_ENTRY_STATIC }, \
	.function = (_function), \
	.expires = (_expires), \
	.data = (_data), \
	.slack = -1, \
}
#define TIMER_INITIALIZER(_function, _expires, _data) __TIMER_INITIALIZER((_function), (_expires), (_data), 0)
#define TIMER_DEFERRED_INITIALIZER(_function, _expires, _data) \
	__TIMER_INITIALIZER((_function), (_expires), (_data), TIMER_DEFERRABLE)

#define DEFINE_TIMER(_name, _function, _expires, _data) \
	struct timer_list _name = TIMER_INITIALIZER(_function, _expires, _data)

/* Registration calls keep their kernel names and the callback as an argument. */
extern void init_timer(struct timer_list *timer);
extern void init_timer_key(struct timer_list *timer, unsigned int flags, const char *name,
			   struct lock_class_key *key);
extern void init_timer_deferrable(struct timer_list *timer);
extern void init_timer_on_stack(struct timer_list *timer);
extern void destroy_timer_on_stack(struct timer_list *timer);
extern void setup_timer(struct timer_list *timer, void (*function)(unsigned long), unsigned long data);
/* Added after 4.0; declared so newer drivers parse. */
extern void setup_deferrable_timer(struct timer_list *timer, void (*function)(unsigned long), unsigned long data);
extern void setup_pinned_timer(struct timer_list *timer, void (*function)(unsigned long), unsigned long data);
extern void setup_timer_on_stack(struct timer_list *timer, void (*function)(unsigned long),
				 unsigned long data);
extern void setup_deferrable_timer_on_stack(struct timer_list *timer, void (*function)(unsigned long),
					    unsigned long data);

extern int timer_pending(const struct timer_list *timer);

extern void add_timer_on(struct timer_list *timer, int cpu);
extern int del_timer(struct timer_list *timer);
extern int mod_timer(struct timer_list *timer, unsigned long expires);
extern int mod_timer_pending(struct timer_list *timer, unsigned long expires);
extern int mod_timer_pinned(struct timer_list *timer, unsigned long expires);
extern void set_timer_slack(struct timer_list *time, int slack_hz);
extern void add_timer(struct timer_list *timer);
extern int try_to_del_timer_sync(struct timer_list *timer);
extern int del_timer_sync(struct timer_list *timer);
#define del_singleshot_timer_sync(t) del_timer_sync(t)
/* Linux 4.15 on: timer_reduce; 6.x: add_timer_{local,global} and the
 * timer_delete / timer_shutdown names of del_timer. */
extern int timer_reduce(struct timer_list *timer, unsigned long expires);
extern void add_timer_local(struct timer_list *timer);
extern void add_timer_global(struct timer_list *timer);
extern int timer_delete(struct timer_list *timer);
extern int timer_delete_sync(struct timer_list *timer);
extern int timer_shutdown(struct timer_list *timer);
extern int timer_shutdown_sync(struct timer_list *timer);

extern unsigned long get_next_timer_interrupt(unsigned long now);

#endif /* _WHOOP_LINUX_TIMER_H */
