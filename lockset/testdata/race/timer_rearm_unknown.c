/* A timer whose function re-arms it, first armed by a call whoop's tables
 * do not know: the function re-arming itself is no proof that init armed
 * it, so the function may run at any time during init. */
#include <linux/module.h>
#include <linux/timer.h>
#include <linux/jiffies.h>

extern void arm_somehow(struct timer_list *t);

static int period;
static struct timer_list poll_timer;

static void poll_fn(unsigned long data)
{
	mod_timer(&poll_timer, jiffies + period); // want "read period by poll_fn races with write period by dev_init"
}

static int __init dev_init(void)
{
	setup_timer(&poll_timer, poll_fn, 0);
	arm_somehow(&poll_timer);
	period = 2 * HZ; // want "write period by dev_init races with read period by poll_fn"
	return 0;
}

static void __exit dev_exit(void)
{
	del_timer_sync(&poll_timer);
}

module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
