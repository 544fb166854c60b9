// Callbacks the kernel never calls: a timer set up but never armed, a work
// item initialised but never queued, an interrupt handler init requests
// only when a flag nothing sets is set. Their races with the ioctl are
// never confirmed; before, the explorer ran them after init all the same.
// The timers init arms do run, and race: one with mod_timer, one with
// timer_reduce (which arms an inactive timer as mod_timer does).
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/timer.h>
#include <linux/workqueue.h>
#include <linux/interrupt.h>

static struct timer_list idle_timer, tick_timer, soon_timer;
static struct work_struct idle_work;
static int use_irq;
static int x, y, z, ticks, soon;

static void idle_fn(unsigned long data)
{
	x = 1; // want "^not-confirmed global x un_ioctl.idle_fn"
}

static void tick_fn(unsigned long data)
{
	ticks++; // want "^confirmed global ticks un_ioctl.tick_fn"
}

static void soon_fn(unsigned long data)
{
	soon = 1; // want "^confirmed global soon un_ioctl.soon_fn"
}

static void idle_work_fn(struct work_struct *work)
{
	y = 1; // want "^not-confirmed global y un_ioctl.idle_work_fn"
}

static irqreturn_t un_irq(int irq, void *dev)
{
	z = 1; // want "^not-confirmed global z un_ioctl.un_irq"
	return IRQ_HANDLED;
}

static long un_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	x = 0; // want "^not-confirmed global x un_ioctl.idle_fn" "^confirmed global x un_ioctl.un_ioctl"
	y = 0; // want "^not-confirmed global y un_ioctl.idle_work_fn" "^confirmed global y un_ioctl.un_ioctl"
	z = 0; // want "^not-confirmed global z un_ioctl.un_irq" "^confirmed global z un_ioctl.un_ioctl"
	ticks = 0; // want "^confirmed global ticks un_ioctl.tick_fn" "^confirmed global ticks un_ioctl.un_ioctl"
	soon = 0; // want "^confirmed global soon un_ioctl.soon_fn" "^confirmed global soon un_ioctl.un_ioctl"
	return 0;
}

static const struct file_operations un_fops = {
	.owner = THIS_MODULE,
	.unlocked_ioctl = un_ioctl,
};

static struct miscdevice un_misc = { MISC_DYNAMIC_MINOR, "un", &un_fops };

static int __init un_init(void)
{
	int err;

	setup_timer(&idle_timer, idle_fn, 0);
	setup_timer(&tick_timer, tick_fn, 0);
	setup_timer(&soon_timer, soon_fn, 0);
	INIT_WORK(&idle_work, idle_work_fn);
	if (use_irq) {
		err = request_irq(7, un_irq, 0, "un", NULL);
		if (err)
			return err;
	}
	mod_timer(&tick_timer, jiffies + HZ);
	timer_reduce(&soon_timer, jiffies + HZ);
	return misc_register(&un_misc);
}

static void __exit un_exit(void)
{
	misc_deregister(&un_misc);
	del_timer_sync(&tick_timer);
	timer_delete_sync(&soon_timer);
	if (use_irq)
		free_irq(7, NULL);
}
module_init(un_init);
module_exit(un_exit);
MODULE_LICENSE("GPL");
