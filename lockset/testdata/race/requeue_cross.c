/* A work function that queues another work item: cancel_work_sync(&wb)
 * then cancel_work_sync(&wa) leaves a window between the two in which
 * a_fn queues wb again, so b_fn may run beside what exit does after both
 * cancels. Cancelling the queuing one first (wc, then wd) closes it.
 * (Withdrawal guards once left out every entry point of the class itself,
 * which is right only for a work item that re-queues itself.) */
#include <linux/module.h>
#include <linux/workqueue.h>

static int bdone, ddone;
static struct work_struct wa, wb, wc, wd;

static void b_fn(struct work_struct *w) { bdone++; } // want "(read|write) bdone by b_fn races with write bdone by cw_exit"
static void a_fn(struct work_struct *w) { schedule_work(&wb); }
static void d_fn(struct work_struct *w) { ddone++; }
static void c_fn(struct work_struct *w) { schedule_work(&wd); }

static int __init cw_init(void)
{
	INIT_WORK(&wa, a_fn);
	INIT_WORK(&wb, b_fn);
	INIT_WORK(&wc, c_fn);
	INIT_WORK(&wd, d_fn);
	schedule_work(&wa);
	schedule_work(&wc);
	return 0;
}

static void __exit cw_exit(void)
{
	cancel_work_sync(&wc);
	cancel_work_sync(&wd);
	ddone = 0;
	cancel_work_sync(&wb);
	cancel_work_sync(&wa);
	bdone = 0;		/* a_fn may have queued wb again after its cancel */ // want "write bdone by cw_exit races with (read|write) bdone by b_fn"
}

module_init(cw_init);
module_exit(cw_exit);
MODULE_LICENSE("GPL");
