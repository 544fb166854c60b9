/* Every open starts a kernel thread: two opens of the device run worker in
 * two threads at once, and its unprotected increment races with itself.
 * (A registration counted as repeated only in a loop or in a function
 * called from several places: the kthread rule, "a kernel thread runs its
 * function once", hid this race.) registered_once.c starts the thread in
 * init: no race there. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/kthread.h>
#include <linux/err.h>

static int counter;

static int worker(void *data)
{
	counter++; // want "write counter by worker races with (read|write) counter by worker" "(read|write) counter by worker races with write counter by worker"
	return 0;
}

static int dev_open(struct inode *inode, struct file *file)
{
	struct task_struct *t = kthread_run(worker, NULL, "worker");

	if (IS_ERR(t))
		return PTR_ERR(t);
	return 0;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.open = dev_open,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "kthread_per_open", &dev_fops };

static int __init dev_init(void) { return misc_register(&dev_misc); }
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
