/* Completions: complete, complete_all and the waits update x->done under
 * the completion's own wait lock, so they never race with each other;
 * reinit_completion stores x->done = 0 without it, and races with a
 * complete_all the interrupt handler can run at any time (the bug
 * corsair-cpro fixed with a lock of its own, taken around both; done_lock
 * below does the same for fixed_done). */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/interrupt.h>
#include <linux/completion.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>

static struct completion report;
static struct completion fixed_done;
static DEFINE_MUTEX(cmd_mutex);
static DEFINE_SPINLOCK(done_lock);

static irqreturn_t dev_irq(int irq, void *data)
{
	unsigned long flags;

	complete_all(&report); // want "(read|write) complete_all.&report. by dev_irq races with write reinit_completion.&report. by dev_read"
	spin_lock_irqsave(&done_lock, flags);
	if (!completion_done(&fixed_done))
		complete_all(&fixed_done);
	spin_unlock_irqrestore(&done_lock, flags);
	return IRQ_HANDLED;
}

static ssize_t dev_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	mutex_lock(&cmd_mutex);
	reinit_completion(&report); // want "write reinit_completion.&report. by dev_read races with (read|write) complete_all.&report. by dev_irq"
	spin_lock_irq(&done_lock);
	reinit_completion(&fixed_done);
	spin_unlock_irq(&done_lock);
	wait_for_completion_timeout(&report, 100);
	wait_for_completion(&fixed_done);
	mutex_unlock(&cmd_mutex);
	return 0;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.read = dev_read,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "completion", &dev_fops };

static int __init dev_init(void)
{
	int err;

	init_completion(&report);
	init_completion(&fixed_done);
	err = request_irq(5, dev_irq, 0, "completion", NULL);
	if (err)
		return err;
	return misc_register(&dev_misc);
}

static void __exit dev_exit(void)
{
	misc_deregister(&dev_misc);
	free_irq(5, NULL);
}
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
