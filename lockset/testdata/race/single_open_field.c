/* A single-open bit in a struct field, watchdog_dev.c's shape: open gives
 * the bit back on its error path and returns the error it holds, which is
 * not zero there; release gives it back with test_and_clear_bit. Under one-device the field is one bit, so release's
 * code before clear_bit is ordered after the ioctl and after open's code
 * past its test_and_set_bit; two ioctls still race. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/bitops.h>

struct wdt {
	unsigned long status;
	int timeout;
	int pings;
};

static struct wdt *wdev;

static int wdt_start(struct wdt *w);

static int wdt_open(struct inode *inode, struct file *file)
{
	struct wdt *w = wdev;
	int err;

	if (test_and_set_bit(0, &w->status))
		return -EBUSY;
	err = wdt_start(w);
	if (err < 0)
		goto out_clear;
	w->timeout = 30;
	file->private_data = w;
	return 0;

out_clear:
	clear_bit(0, &w->status);
	return err;
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

	w->timeout = 0;
	w->pings = 0;
	if (!test_and_clear_bit(0, &w->status))
		return -ENOTTY; /* test_and_clear_bit gave the bit back all the same */
	return 0;
}

static const struct file_operations wdt_fops = {
	.owner = THIS_MODULE,
	.open = wdt_open,
	.unlocked_ioctl = wdt_ioctl,
	.release = wdt_release,
};

static struct miscdevice wdt_misc = { MISC_DYNAMIC_MINOR, "single_open_field", &wdt_fops };

static int __init wdt_init(void) { return misc_register(&wdt_misc); }
static void __exit wdt_exit(void) { misc_deregister(&wdt_misc); }
module_init(wdt_init);
module_exit(wdt_exit);
MODULE_LICENSE("GPL");
