/* An exported function is an entry point: other modules call it in any
 * context, so its unprotected write races with the driver's own ioctl, and
 * with itself; the non-exported non-static helper is not called by anyone
 * else (the static-linkage assumption), so it adds no pair of its own. */
#include <linux/module.h>
#include <linux/export.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>

static int total;
static DEFINE_MUTEX(total_lock);

int x_add(int v)
{
	total += v; // want "write total by x_add races with (read|write) total by (x_add|x_ioctl)" "read total by x_add races with write total by (x_add|x_ioctl)"
	return 0;
}
EXPORT_SYMBOL(x_add);

int x_helper(void)
{
	return 1;
}

static long x_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	mutex_lock(&total_lock);
	total = x_helper(); // want "write total by x_ioctl races with (read|write) total by x_add"
	mutex_unlock(&total_lock);
	return 0;
}

static const struct file_operations x_fops = { .unlocked_ioctl = x_ioctl };
static struct miscdevice x_misc = { .minor = MISC_DYNAMIC_MINOR, .name = "x", .fops = &x_fops };

static int __init x_init(void)
{
	return misc_register(&x_misc);
}
module_init(x_init);
