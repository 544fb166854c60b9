/* The kernel hands the driver a task (kthread_run's result): it may be
 * the task another thread runs as, so current is the kernel's
 * task_struct too, one region with the thread's own accesses. */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/kthread.h>

static struct task_struct *worker;

static int work_fn(void *data)
{
	current->flags |= 1;                    // want region "struct task_struct.flags" shared
	return 0;
}

static int __init mod_init(void)
{
	worker = kthread_run(work_fn, NULL, "worker");
	if (worker->flags & 1)                  // want region "global worker" region "struct task_struct.flags" shared
		return -EBUSY;
	return 0;
}
module_init(mod_init);
