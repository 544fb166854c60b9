/* As exit_quiet.c, but tq_open returns 0 even when request_irq failed,
 * and tq_release frees the line only when a flag says it was requested: a
 * release need not have withdrawn the handler, so whoop cannot tell that
 * the handler is over when module exit starts, and the kfree races with
 * the handler and the timer it arms. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/interrupt.h>
#include <linux/timer.h>
#include <linux/jiffies.h>
#include <linux/slab.h>

struct tq_events {
	int irqs, timeouts;
};

static struct tq_events *tq_ev;
static struct timer_list tq_timer;
static int tq_irq_on;

static void tq_timeout(struct timer_list *t)
{
	tq_ev->timeouts++; // want "(read|write) tq_ev->timeouts by tq_timeout races with write kfree\(tq_ev\) by tq_exit"
}

static irqreturn_t tq_isr(int irq, void *dev_id)
{
	tq_ev->irqs++; // want "(read|write) tq_ev->irqs by tq_isr races with write kfree\(tq_ev\) by tq_exit"
	mod_timer(&tq_timer, jiffies + 10);
	return IRQ_HANDLED;
}

static int tq_open(struct inode *inode, struct file *file)
{
	int ret;

	ret = request_irq(7, tq_isr, 0, "tq", NULL);
	tq_irq_on = !ret; // want "write tq_irq_on by tq_open races with read tq_irq_on by tq_release"
	return 0;
}

static int tq_release(struct inode *inode, struct file *file)
{
	if (tq_irq_on) // want "read tq_irq_on by tq_release races with write tq_irq_on by tq_open"
		free_irq(7, NULL);
	return 0;
}

static const struct file_operations tq_fops = {
	.owner = THIS_MODULE,
	.open = tq_open,
	.release = tq_release,
};

static struct miscdevice tq_misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "tq",
	.fops = &tq_fops,
};

static int __init tq_init(void)
{
	tq_ev = kzalloc(sizeof(*tq_ev), GFP_KERNEL);
	if (!tq_ev)
		return -ENOMEM;
	timer_setup(&tq_timer, tq_timeout, 0);
	return misc_register(&tq_misc);
}

static void __exit tq_exit(void)
{
	misc_deregister(&tq_misc);
	del_timer_sync(&tq_timer);
	kfree(tq_ev);		/* a file may have left the line requested */ // want "write kfree\(tq_ev\) by tq_exit races with (read|write) tq_ev->(irqs|timeouts) by (tq_isr|tq_timeout)"
}

module_init(tq_init);
module_exit(tq_exit);
MODULE_LICENSE("GPL");
