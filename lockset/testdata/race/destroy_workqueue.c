/* destroy_workqueue(wq) drains the work queued on wq, and only that:
 * work on the system workqueue (schedule_work) may still run after it, so
 * exit's write after destroy_workqueue races with that work's function
 * until it is cancelled, and never with the function of the work queued
 * on wq. */
#include <linux/module.h>
#include <linux/workqueue.h>

static int mine, shared;
static struct work_struct wq_work, sys_work;
static struct workqueue_struct *wq;

static void wq_fn(struct work_struct *w) { mine++; }
static void sys_fn(struct work_struct *w) { shared++; } // want "(read|write) shared by sys_fn races with write shared by dev_exit"

static int __init dev_init(void)
{
	wq = alloc_workqueue("mine", 0, 0);
	if (!wq)
		return -ENOMEM;
	INIT_WORK(&wq_work, wq_fn);
	INIT_WORK(&sys_work, sys_fn);
	queue_work(wq, &wq_work);
	schedule_work(&sys_work);
	return 0;
}

static void __exit dev_exit(void)
{
	destroy_workqueue(wq);
	mine = 0;
	shared = 0;	/* sys_fn may still be running */ // want "write shared by dev_exit races with (read|write) shared by sys_fn"
	cancel_work_sync(&sys_work);
	shared = 0;
}

module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
