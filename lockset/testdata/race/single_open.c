/* A single-open device: open takes bit 0 of wdt_is_open with
 * test_and_set_bit and release gives it back with clear_bit, so one file
 * is open at a time. Release's code before clear_bit runs after every
 * other operation of that file and before any operation of the next one;
 * open's code after the successful test_and_set_bit runs after the
 * previous file's release gave the bit back. Two operations of the one
 * open file (two writes, a write and an ioctl) still run at once. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/bitops.h>

static unsigned long wdt_is_open;
static char expect_close;
static int timeout;
static int state;
static int after;
static int busy;

static int wdt_open(struct inode *inode, struct file *file)
{
	state = 1; // want "write state by wdt_open races with .* state by (wdt_open|wdt_write|wdt_ioctl|wdt_release)"
	if (test_and_set_bit(0, &wdt_is_open)) {
		busy++; // want "(read|write) busy by wdt_open races with (read|write) busy by (wdt_open|wdt_release)"
		return -EBUSY;
	}
	timeout = 60; /* after the previous release gave the bit back */
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
	busy = 0; // want "write busy by wdt_release races with (read|write) busy by wdt_open"
	clear_bit(0, &wdt_is_open);
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

static struct miscdevice wdt_misc = { MISC_DYNAMIC_MINOR, "single_open", &wdt_fops };

static int __init wdt_init(void) { return misc_register(&wdt_misc); }
static void __exit wdt_exit(void) { misc_deregister(&wdt_misc); }
module_init(wdt_init);
module_exit(wdt_exit);
MODULE_LICENSE("GPL");
