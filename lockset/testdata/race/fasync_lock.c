/* fasync_helper reads and changes the driver's list head only under the
 * kernel's global fasync_lock (fs/fcntl.c fasync_insert_entry,
 * fasync_remove_entry): two files' fasync calls do not race on it
 * (rtc/dev.c's rtc_dev_fasync). kill_fasync reads the head first without
 * the lock, and the driver's own read of the field holds none: both still
 * race with fasync_helper's store. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/signal.h>

struct tick {
	struct fasync_struct *async_queue;
	int ticks;
};

static struct tick tick;

static int tick_fasync(int fd, struct file *file, int on)
{
	return fasync_helper(fd, file, on, &tick.async_queue); // want "write tick.async_queue by tick_fasync races with read .* by tick_(read|write)"
}

static ssize_t tick_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	kill_fasync(&tick.async_queue, SIGIO, POLL_IN); // want "read tick.async_queue by tick_write races with write tick.async_queue by tick_fasync"
	return n;
}

static ssize_t tick_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	return tick.async_queue != NULL; // want "read tick.async_queue by tick_read races with write tick.async_queue by tick_fasync"
}

static const struct file_operations tick_fops = {
	.owner = THIS_MODULE,
	.read = tick_read,
	.write = tick_write,
	.fasync = tick_fasync,
};

static struct miscdevice tick_misc = { MISC_DYNAMIC_MINOR, "tick", &tick_fops };

static int __init tick_init(void) { return misc_register(&tick_misc); }
static void __exit tick_exit(void) { misc_deregister(&tick_misc); }
module_init(tick_init);
module_exit(tick_exit);
MODULE_LICENSE("GPL");
