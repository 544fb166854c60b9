// Locked instructions in the real 6.12 headers: xchg, cmpxchg and
// smp_store_mb (set_current_state) are macros over x86 inline assembly
// whose "+m" operand is the memory they update atomically (xchg locks by
// itself, cmpxchg through LOCK_PREFIX). They are atomic accesses: two of
// them never race (owner, state), while a plain access against one still
// does (busy).
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/atomic.h>

static int owner, state, busy;

static ssize_t x_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	if (xchg(&owner, 1))
		return -EBUSY;
	smp_store_mb(state, 2);
	if (busy) // want "race"
		return 0;
	return cmpxchg(&state, 2, 0);
}

static ssize_t x_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	cmpxchg(&owner, 1, 0);
	xchg(&state, 3);
	xchg(&busy, 1); // want "race"
	return n;
}

static const struct file_operations x_fops = {
	.owner = THIS_MODULE,
	.read = x_read,
	.write = x_write,
};

static struct miscdevice x_misc = { MISC_DYNAMIC_MINOR, "xchg", &x_fops };

static int __init x_init(void) { return misc_register(&x_misc); }
static void __exit x_exit(void) { misc_deregister(&x_misc); }
module_init(x_init);
module_exit(x_exit);
MODULE_LICENSE("GPL");
