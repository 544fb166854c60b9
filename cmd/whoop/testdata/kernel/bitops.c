// Atomic bit operations and atomic_t operations against the real 6.12
// headers: test_bit and __set_bit are macros calling the instrumented
// _test_bit and ___set_bit, whose x86 bodies are inline assembly; the
// atomic_t API is atomic_read, atomic_fetch_or, atomic_try_cmpxchg, ...
// Two marked accesses never race (the kernel memory model, KCSAN): flags
// and count. A plain access still races with a marked one if either
// writes (word, plainflags); __set_bit is plain.
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/bitops.h>
#include <linux/atomic.h>

static unsigned long flags, plainflags, word;
static atomic_t count;
static int snapshot;

static ssize_t b_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	int old = 0;

	if (test_bit(0, &flags))
		return 0;
	if (test_bit(1, &plainflags)) // want "race"
		return 1;
	if (word & 1) // want "race"
		return 2;
	if (atomic_read(&count) > 2)
		return 3;
	atomic_try_cmpxchg(&count, &old, 1);
	snapshot = old; // want "race"
	return atomic_fetch_or(1, &count);
}

static ssize_t b_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	set_bit(0, &flags);
	clear_bit(2, &flags);
	__set_bit(1, &plainflags); // want "race"
	set_bit(0, &word); // want "race"
	atomic_inc(&count);
	atomic_set(&count, 0);
	return n;
}

static const struct file_operations b_fops = {
	.owner = THIS_MODULE,
	.read = b_read,
	.write = b_write,
};

static struct miscdevice b_dev = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "bitops",
	.fops = &b_fops,
};
module_misc_device(b_dev);
MODULE_LICENSE("GPL");
