/* Registered once: module init starts the one kernel thread, so worker
 * never runs concurrently with itself (rule kthread); each open sets up
 * and arms the timer in a global again, which is still the one timer
 * (rule timer): neither unprotected increment races. kthread_per_open.c
 * and timer_per_open.c start a thread and a timer per open. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/kthread.h>
#include <linux/err.h>
#include <linux/delay.h>
#include <linux/timer.h>
#include <linux/jiffies.h>

static int counter, ticks;
static struct task_struct *task;
static struct timer_list tick_timer;

static int worker(void *data)
{
	while (!kthread_should_stop()) {
		counter++;
		msleep(10);
	}
	return 0;
}

static void tick(unsigned long data)
{
	ticks++;
}

static int dev_open(struct inode *inode, struct file *file)
{
	setup_timer(&tick_timer, tick, 0);
	mod_timer(&tick_timer, jiffies + HZ);
	return 0;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.open = dev_open,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "registered_once", &dev_fops };

static int __init dev_init(void)
{
	task = kthread_run(worker, NULL, "worker");
	if (IS_ERR(task))
		return PTR_ERR(task);
	return misc_register(&dev_misc);
}

static void __exit dev_exit(void)
{
	misc_deregister(&dev_misc);
	del_timer_sync(&tick_timer);
	kthread_stop(task);
}

module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
