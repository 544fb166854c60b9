/* A single-open device with a plain flag (drivers/watchdog/sbc_epx_c3.c):
 * open refuses while alive is set and sets it, release stores 0 as its
 * last write of it. misc_open (drivers/char/misc.c) runs every open of a
 * misc device under misc_mtx, so the check and the store are one step
 * against other opens, as test_and_set_bit is: one file is open at a
 * time. Release's code before its store of 0 runs after every other
 * operation of that file; open's code after its store of 1 runs after the
 * previous release's store, and so does the store itself. Two operations
 * of the open file still race, and so do release after its store, and
 * open's plain check of the flag against release's plain store. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>

static int alive;
static char expect_close;
static int timeout;
static int state;
static int after;

static int wdt_open(struct inode *inode, struct file *file)
{
	state = 1; // want "write state by wdt_open races with .* state by (wdt_write|wdt_ioctl|wdt_release)"
	if (alive) // want "read alive by wdt_open races with write alive by wdt_release"
		return -EBUSY;
	alive = 1; /* after the previous release's store of 0 (the check read it) */
	timeout = 60; /* after the previous release stored 0 */
	return 0;
}

static ssize_t wdt_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	expect_close = 42; // want "write expect_close by wdt_write races with write expect_close by wdt_write" "write expect_close by wdt_write races with write expect_close by wdt_ioctl"
	state = 2; // want "write state by wdt_write races with .* state by (wdt_open|wdt_write|wdt_ioctl|wdt_release)"
	return n;
}

static long wdt_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	expect_close = 0; // want "write expect_close by wdt_ioctl races with write expect_close by (wdt_write|wdt_ioctl)"
	state = 3; // want "write state by wdt_ioctl races with .* state by (wdt_open|wdt_write|wdt_ioctl|wdt_release)"
	return 0;
}

static int wdt_release(struct inode *inode, struct file *file)
{
	if (expect_close == 42) /* every write and ioctl of the file has returned */
		timeout = 0;
	expect_close = 0;
	alive = 0; // want "write alive by wdt_release races with (read|write) alive by wdt_open"
	after = 1; // want "write after by wdt_release races with write after by wdt_release"
	state = 4; // want "write state by wdt_release races with .* state by (wdt_open|wdt_write|wdt_ioctl|wdt_release)"
	return 0;
}

static const struct file_operations wdt_fops = {
	.owner = THIS_MODULE,
	.open = wdt_open,
	.write = wdt_write,
	.unlocked_ioctl = wdt_ioctl,
	.release = wdt_release,
};

static struct miscdevice wdt_misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "single_open_flag",
	.fops = &wdt_fops,
};

static int __init wdt_init(void) { return misc_register(&wdt_misc); }
static void __exit wdt_exit(void) { misc_deregister(&wdt_misc); }
module_init(wdt_init);
module_exit(wdt_exit);
MODULE_LICENSE("GPL");
