/* A driver that stores current where another thread reads it (a waiter
 * another entry point wakes) shares the task: the accesses through
 * current and through the stored pointer are one region. */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>

static struct task_struct *waiter;

static ssize_t dev_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	waiter = current;
	current->flags |= 1;                    // want region "current task.flags" shared
	return 0;
}

static ssize_t dev_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	if (waiter && (waiter->flags & 1))      // want region "global waiter" region "current task.flags" shared
		wake_up_process(waiter);
	return n;
}

static const struct file_operations fops = {
	.owner = THIS_MODULE,
	.read = dev_read,
	.write = dev_write,
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
