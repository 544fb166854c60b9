/* The running task (current) is the calling thread's own task_struct:
 * two reads run on two tasks, so what each does through current is its
 * own, as with a stack local. What the task points to (its mm) is the
 * kernel's, shared by the threads of a process. */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>

static int last_pid;
static DECLARE_WAIT_QUEUE_HEAD(queue);

static ssize_t dev_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	struct task_struct *me = current;
	DECLARE_WAITQUEUE(wait, current);       /* the waker's kernel code reads wait.private */

	add_wait_queue(&queue, &wait);
	current->state = TASK_INTERRUPTIBLE;    // want region "current task.state" thread-local
	me->flags |= 1;                         // want region "current task.flags" thread-local
	last_pid = me->pid;                     // want region "global last_pid" region "current task.pid"
	current->mm->def_flags = 0;             // want region "current task.mm" region "struct mm_struct.def_flags"
	current->state = TASK_RUNNING;          // want region "current task.state" thread-local
	remove_wait_queue(&queue, &wait);
	return 0;
}

static const struct file_operations fops = {
	.owner = THIS_MODULE,
	.read = dev_read,
};

static struct miscdevice misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "current",
	.fops = &fops,
};

static int __init mod_init(void)
{
	return misc_register(&misc);
}
module_init(mod_init);
