/* Module exit runs only once no file of the owned fops is open (rule
 * module-ref), so every release has run: tq_release frees the interrupt
 * line tq_open requested, waiting for a running handler, and tq_open
 * returns request_irq's own result (it published only where it returns
 * 0). The handler is then over when exit starts, and exit's
 * del_timer_sync of the timer the handler arms counts: the kfree races
 * with neither (tlclk.c's shape). Two opens may request the line at once
 * (whoop cannot name it: several objects), so the release must free what
 * its open requested: the same arguments, a global only init writes.
 * Before, both raced with the kfree. */
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
static int tq_line;		/* set by init only */

static void tq_timeout(struct timer_list *t)
{
	tq_ev->timeouts++;
}

static irqreturn_t tq_isr(int irq, void *dev_id)
{
	tq_ev->irqs++; // want "(read|write) tq_ev->irqs by tq_isr races with (read|write) tq_ev->irqs by tq_isr"
	mod_timer(&tq_timer, jiffies + 10);
	return IRQ_HANDLED;
}

static int tq_open(struct inode *inode, struct file *file)
{
	int ret;

	ret = request_irq(tq_line, tq_isr, 0, "tq", NULL);
	return ret;
}

static int tq_release(struct inode *inode, struct file *file)
{
	free_irq(tq_line, NULL);
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
	tq_line = 7;
	timer_setup(&tq_timer, tq_timeout, 0);
	return misc_register(&tq_misc);
}

static void __exit tq_exit(void)
{
	misc_deregister(&tq_misc);
	del_timer_sync(&tq_timer);
	kfree(tq_ev);		/* no file open: the handler and the timer are over */
}

module_init(tq_init);
module_exit(tq_exit);
MODULE_LICENSE("GPL");
