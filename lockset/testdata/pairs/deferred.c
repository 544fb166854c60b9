// Interrupt handlers, timers, work items and tasklets never run
// concurrently with themselves, unless the driver registers them more than
// once (two lines for one handler). A timer in a global is one object in
// the whole kernel. Rules: irq-line, timer, work, tasklet.
#include <linux/module.h>
#include <linux/interrupt.h>
#include <linux/timer.h>
#include <linux/workqueue.h>
#include <linux/slab.h>

struct q_priv {
	struct timer_list timer;
	struct work_struct work;
	struct tasklet_struct tasklet;
};

static int q_count;
static struct q_priv *q_dev;

static irqreturn_t q_irq(int irq, void *dev_id) { q_count++; return IRQ_HANDLED; }
static irqreturn_t q_shared(int irq, void *dev_id) { q_count++; return IRQ_HANDLED; }
static void q_gtick(unsigned long data) { q_count++; }
static void q_tick(unsigned long data) { q_count++; }
static void q_work(struct work_struct *w) { q_count++; }
static void q_tasklet(unsigned long data) { q_count++; }

static DEFINE_TIMER(q_gtimer, q_gtick, 0, 0);

static int q_init(void)
{
	q_dev = kzalloc(sizeof(*q_dev), GFP_KERNEL);
	if (!q_dev)
		return -ENOMEM;
	setup_timer(&q_dev->timer, q_tick, 0);
	INIT_WORK(&q_dev->work, q_work);
	tasklet_init(&q_dev->tasklet, q_tasklet, 0);
	if (request_irq(3, q_irq, 0, "q", q_dev))
		return -EBUSY;
	if (request_irq(4, q_shared, IRQF_SHARED, "q", q_dev))
		return -EBUSY;
	if (request_irq(5, q_shared, IRQF_SHARED, "q", q_dev))
		return -EBUSY;
	mod_timer(&q_gtimer, jiffies + 1);
	return 0;
}

module_init(q_init);

// want pair "q_irq q_irq not-concurrent: IRQD_IRQ_INPROGRESS"
// want pair "q_irq q_shared concurrent"
// want pair "q_irq q_gtick concurrent"
// want pair "q_irq q_tick concurrent"
// want pair "q_irq q_work concurrent"
// want pair "q_irq q_tasklet concurrent"
// want pair "q_irq q_init concurrent"
// want pair "q_shared q_shared concurrent"
// want pair "q_shared q_gtick concurrent"
// want pair "q_shared q_tick concurrent"
// want pair "q_shared q_work concurrent"
// want pair "q_shared q_tasklet concurrent"
// want pair "q_shared q_init concurrent"
// want pair "q_gtick q_gtick not-concurrent: running_timer"
// want pair "q_gtick q_tick concurrent"
// want pair "q_gtick q_work concurrent"
// want pair "q_gtick q_tasklet concurrent"
// want pair "q_gtick q_init concurrent"
// want pair "q_tick q_tick not-concurrent: running_timer"
// want pair "q_tick q_work concurrent"
// want pair "q_tick q_tasklet concurrent"
// want pair "q_tick q_init concurrent"
// want pair "q_work q_work not-concurrent: non-reentrant"
// want pair "q_work q_tasklet concurrent"
// want pair "q_work q_init concurrent"
// want pair "q_tasklet q_tasklet not-concurrent: TASKLET_STATE_RUN"
// want pair "q_tasklet q_init concurrent"
// want pair "q_init q_init not-concurrent: runs once and alone"
