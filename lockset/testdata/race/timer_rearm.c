/* A timer whose function re-arms it: only init's mod_timer makes it
 * callable, since the function itself runs only once the timer is armed.
 * So init's writes before that are not racy, and the ones after it are. */
#include <linux/module.h>
#include <linux/timer.h>
#include <linux/jiffies.h>

static int period, polls;
static struct timer_list poll_timer;

static void poll_fn(unsigned long data)
{
	polls++;
	mod_timer(&poll_timer, jiffies + period); // want "read period by poll_fn races with write period by dev_init"
}

static int __init dev_init(void)
{
	period = HZ;
	setup_timer(&poll_timer, poll_fn, 0);
	mod_timer(&poll_timer, jiffies + HZ);
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
