// Registrations in code that may run twice at once for one device (a file
// operation) make several instances of the callback; in init, or of the
// same global object or interrupt line, or by a callback that runs once at
// a time, they make one. repeated_test.go checks Facts.Repeated.
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/kthread.h>
#include <linux/interrupt.h>
#include <linux/timer.h>
#include <linux/workqueue.h>
#include <linux/slab.h>

struct o_sess {
	struct timer_list t;
	struct work_struct w;
};

struct o_priv {
	struct timer_list poll;
};

static struct o_priv *o_dev;
static struct timer_list o_gtimer;

static void o_chained(struct work_struct *w) // want entry "work work_struct.func"
{
}

static int o_worker(void *data) // want entry "entry kthread.threadfn"
{
	struct o_sess *c = kzalloc(sizeof(*c), GFP_KERNEL);

	if (c) {
		INIT_WORK(&c->w, o_chained);
		schedule_work(&c->w);
	}
	return 0;
}

static int o_init_worker(void *data) // want entry "entry kthread.threadfn"
{
	return 0;
}

static void o_sess_timer(unsigned long data) // want entry "timer timer_list.function"
{
}

static void o_gtick(unsigned long data) // want entry "timer timer_list.function var=o_gtimer"
{
}

static void o_poll(unsigned long data) // want entry "timer timer_list.function"
{
	struct o_priv *p = (struct o_priv *)data;

	setup_timer(&p->poll, o_poll, data);
	mod_timer(&p->poll, jiffies + HZ);
}

static irqreturn_t o_irq(int irq, void *dev_id) // want entry "irq request_irq.handler"
{
	return IRQ_HANDLED;
}

static irqreturn_t o_line_irq(int irq, void *dev_id) // want entry "irq request_irq.handler"
{
	return IRQ_HANDLED;
}

static void o_start(struct o_sess *s)
{
	setup_timer(&s->t, o_sess_timer, (unsigned long)s);
	mod_timer(&s->t, jiffies + HZ);
}

static int o_open(struct inode *inode, struct file *file) // want entry "entry file_operations.open var=o_fops"
{
	kthread_run(o_worker, NULL, "o_worker");
	setup_timer(&o_gtimer, o_gtick, 0);
	mod_timer(&o_gtimer, jiffies + HZ);
	return request_irq(7, o_line_irq, IRQF_SHARED, "o", file);
}

static long o_ioctl(struct file *file, unsigned int cmd, unsigned long arg) // want entry "entry file_operations.unlocked_ioctl var=o_fops"
{
	struct o_sess *s = kzalloc(sizeof(*s), GFP_KERNEL);

	if (!s)
		return -ENOMEM;
	o_start(s);
	return request_irq(arg, o_irq, 0, "o", s);
}

static const struct file_operations o_fops = {
	.owner = THIS_MODULE,
	.open = o_open,
	.unlocked_ioctl = o_ioctl,
};

static struct miscdevice o_misc = { MISC_DYNAMIC_MINOR, "o", &o_fops };

static int __init o_init(void) // want entry "init module_init"
{
	o_dev = kzalloc(sizeof(*o_dev), GFP_KERNEL);
	if (!o_dev)
		return -ENOMEM;
	kthread_run(o_init_worker, NULL, "o_init_worker");
	setup_timer(&o_dev->poll, o_poll, (unsigned long)o_dev);
	mod_timer(&o_dev->poll, jiffies + HZ);
	return misc_register(&o_misc);
}

module_init(o_init);
MODULE_LICENSE("GPL");
