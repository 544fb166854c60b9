// Two wait_event calls in one function. wait.h's ___wait_event declares a
// GNU local label (__label__ __out), which cc/v4 gives the function's
// scope: without the tree-mode rewrite (frontend/kernel_rewrite.go, which
// names each expansion's label after its line) the second call is "a
// second label of the same name" and the file cannot be read.
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/wait.h>
#include <linux/mutex.h>

static DECLARE_WAIT_QUEUE_HEAD(w_wq);
static DEFINE_MUTEX(w_lock);
static int w_count, w_guarded;

static ssize_t w_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	if (wait_event_interruptible(w_wq, n > 1))
		return -ERESTARTSYS;
	w_count++; // want "race"
	if (wait_event_interruptible(w_wq, n > 2))
		return -ERESTARTSYS;
	mutex_lock(&w_lock);
	w_guarded++;
	mutex_unlock(&w_lock);
	return 0;
}

static ssize_t w_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	mutex_lock(&w_lock);
	w_guarded = 0;
	mutex_unlock(&w_lock);
	wake_up(&w_wq);
	return n;
}

static const struct file_operations w_fops = { .owner = THIS_MODULE, .read = w_read, .write = w_write };
static struct miscdevice w_misc = { .minor = MISC_DYNAMIC_MINOR, .name = "w", .fops = &w_fops };
module_misc_device(w_misc);
MODULE_LICENSE("GPL");
