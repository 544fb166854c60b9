/*
 * breadth/misc_proc.c - a misc character device with a /proc status file,
 * a kfifo filled from a tasklet and drained by read, poll, fasync and a
 * deferred work item (miscdevice, proc_create, seq_file, tasklet).
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/proc_fs.h>
#include <linux/seq_file.h>
#include <linux/interrupt.h>
#include <linux/workqueue.h>
#include <linux/kfifo.h>
#include <linux/poll.h>
#include <linux/wait.h>
#include <linux/sched.h>
#include <linux/semaphore.h>
#include <linux/rwsem.h>
#include <linux/uaccess.h>
#include <linux/atomic.h>

#define MP_FIFO_SIZE 256

static DEFINE_SPINLOCK(mp_fifo_lock);
static DEFINE_SEMAPHORE(mp_open_sem);
static DECLARE_RWSEM(mp_config_sem);
static DECLARE_WAIT_QUEUE_HEAD(mp_wait);
static struct kfifo mp_fifo;
static struct fasync_struct *mp_async;
static atomic_t mp_events = ATOMIC_INIT(0);
static unsigned int mp_threshold = 16;

static void mp_tasklet_fn(unsigned long data)
{
	unsigned char c = (unsigned char)data;

	kfifo_in_locked(&mp_fifo, &c, 1, &mp_fifo_lock);
	atomic_inc(&mp_events);
	wake_up_interruptible(&mp_wait);
	kill_fasync(&mp_async, SIGIO, POLL_IN);
}

static DECLARE_TASKLET(mp_tasklet, mp_tasklet_fn, 0x42);

static void mp_work_fn(struct work_struct *work)
{
	tasklet_schedule(&mp_tasklet);
}

static DECLARE_WORK(mp_work, mp_work_fn);

static ssize_t mp_read(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	unsigned char c;
	int ret;

	ret = wait_event_interruptible(mp_wait, kfifo_len(&mp_fifo) != 0);
	if (ret)
		return ret;
	if (!kfifo_out_locked(&mp_fifo, &c, 1, &mp_fifo_lock))
		return 0;
	if (put_user(c, buf))
		return -EFAULT;
	return 1;
}

static ssize_t mp_write(struct file *file, const char __user *buf, size_t count, loff_t *ppos)
{
	unsigned int threshold;

	if (get_user(threshold, (const unsigned int __user *)buf))
		return -EFAULT;
	down_write(&mp_config_sem);
	mp_threshold = threshold;
	up_write(&mp_config_sem);
	schedule_work(&mp_work);
	return count;
}

static unsigned int mp_poll(struct file *file, poll_table *wait)
{
	poll_wait(file, &mp_wait, wait);
	if (kfifo_len(&mp_fifo))
		return POLLIN | POLLRDNORM;
	return 0;
}

static int mp_fasync(int fd, struct file *file, int on)
{
	return fasync_helper(fd, file, on, &mp_async);
}

static int mp_open(struct inode *inode, struct file *file)
{
	if (down_trylock(&mp_open_sem))
		return -EBUSY;
	return nonseekable_open(inode, file);
}

static int mp_release(struct inode *inode, struct file *file)
{
	mp_fasync(-1, file, 0);
	up(&mp_open_sem);
	return 0;
}

static const struct file_operations mp_fops = {
	.owner = THIS_MODULE,
	.read = mp_read,
	.write = mp_write,
	.poll = mp_poll,
	.fasync = mp_fasync,
	.open = mp_open,
	.release = mp_release,
	.llseek = no_llseek,
};

static struct miscdevice mp_miscdev = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "misc_proc",
	.fops = &mp_fops,
};

static int mp_proc_show(struct seq_file *m, void *v)
{
	down_read(&mp_config_sem);
	seq_printf(m, "events: %d\nthreshold: %u\n", atomic_read(&mp_events), mp_threshold);
	up_read(&mp_config_sem);
	return 0;
}

static int mp_proc_open(struct inode *inode, struct file *file)
{
	return single_open(file, mp_proc_show, NULL);
}

static const struct file_operations mp_proc_fops = {
	.owner = THIS_MODULE,
	.open = mp_proc_open,
	.read = seq_read,
	.llseek = seq_lseek,
	.release = single_release,
};

static int __init mp_init(void)
{
	int ret;

	ret = kfifo_alloc(&mp_fifo, MP_FIFO_SIZE, GFP_KERNEL);
	if (ret)
		return ret;
	if (!proc_create("misc_proc", 0444, NULL, &mp_proc_fops)) {
		kfifo_free(&mp_fifo);
		return -ENOMEM;
	}
	ret = misc_register(&mp_miscdev);
	if (ret) {
		remove_proc_entry("misc_proc", NULL);
		kfifo_free(&mp_fifo);
	}
	return ret;
}

static void __exit mp_exit(void)
{
	misc_deregister(&mp_miscdev);
	remove_proc_entry("misc_proc", NULL);
	cancel_work_sync(&mp_work);
	tasklet_kill(&mp_tasklet);
	kfifo_free(&mp_fifo);
}

module_init(mp_init);
module_exit(mp_exit);
MODULE_LICENSE("GPL");
