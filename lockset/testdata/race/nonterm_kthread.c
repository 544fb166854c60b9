/* A kernel thread that loops until asked to stop and then calls do_exit()
 * (noreturn): no path returns, and its accesses race with the locked writer. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>
#include <linux/delay.h>
#include <linux/kthread.h>

static DEFINE_MUTEX(m);
static int work;

static struct task_struct *task;

static int worker(void *data)
{
	while (!kthread_should_stop()) {
		work++; // want "(read|write) work by worker races with write work by dev_write"
		msleep(10);
	}
	do_exit(0);
}

static ssize_t dev_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	return 0;
}

static ssize_t dev_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	mutex_lock(&m);
	work = n; // want "write work by dev_write races with (read|write) work by worker"
	mutex_unlock(&m);
	return n;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.read = dev_read,
	.write = dev_write,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "nonterm_kthread", &dev_fops };

static int __init dev_init(void)
{
	task = kthread_run(worker, NULL, "worker");
	return misc_register(&dev_misc);
}
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
