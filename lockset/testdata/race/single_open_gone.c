/* A release that skips clear_bit when its device is gone, watchdog_dev.c's
 * watchdog_release (wd_data->wdd == NULL): the bit then stays set, no open
 * succeeds after that path, so the path keeps the single-open bit to its
 * return. Release's code before clear_bit, and its code on the path that
 * skips it, is ordered after the file's ioctl and after open's code past
 * test_and_set_bit; its code after clear_bit, where the paths meet, still
 * runs beside the next file's. Freeing the object (exit's kfree, as
 * watchdog_dev.c's watchdog_core_data_release does) writes the word but
 * gives no bit back to a live object. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>
#include <linux/bitops.h>
#include <linux/slab.h>

struct wdt {
	unsigned long status;
	void *dev;
	int timeout;
	int pings;
	int gone;
	int puts;
};

static struct wdt *wdev;

static int wdt_open(struct inode *inode, struct file *file)
{
	struct wdt *w = wdev;

	if (test_and_set_bit(0, &w->status))
		return -EBUSY;
	w->timeout = 30;
	w->gone = 0;
	file->private_data = w;
	return 0;
}

static long wdt_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct wdt *w = file->private_data;

	w->pings++; // want "(read|write) w->pings by wdt_ioctl races with (read|write) w->pings by wdt_ioctl"
	w->timeout = arg; // want "write w->timeout by wdt_ioctl races with write w->timeout by wdt_ioctl"
	return 0;
}

static int wdt_release(struct inode *inode, struct file *file)
{
	struct wdt *w = file->private_data;

	if (!w->dev) {
		w->gone = 1; /* the bit stays set: no later open */
		goto done;
	}
	w->timeout = 0;
	w->pings = 0;
	clear_bit(0, &w->status);
done:
	w->puts++; // want "(read|write) w->puts by wdt_release races with (read|write) w->puts by wdt_release"
	return 0;
}

static const struct file_operations wdt_fops = {
	.owner = THIS_MODULE,
	.open = wdt_open,
	.unlocked_ioctl = wdt_ioctl,
	.release = wdt_release,
};

static struct miscdevice wdt_misc = { MISC_DYNAMIC_MINOR, "single_open_gone", &wdt_fops };

static int __init wdt_init(void) { return misc_register(&wdt_misc); }
static void __exit wdt_exit(void)
{
	misc_deregister(&wdt_misc);
	kfree(wdev);
}
module_init(wdt_init);
module_exit(wdt_exit);
MODULE_LICENSE("GPL");
