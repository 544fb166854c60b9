/* A lock held by a cleanup-attribute guard (the shape of the kernel's
 * guard(mutex)(&lock), linux/cleanup.h) is released when the guard leaves
 * its scope: the access inside the scope is protected, the one after it is
 * not, and neither is the access after an early return's release. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>

static DEFINE_MUTEX(dev_lock);
static int guarded, after_scope, after_loop;

static inline void guard_release(struct mutex **m)
{
	if (*m)
		mutex_unlock(*m);
}

#define GUARD(name, m) \
	struct mutex *name __attribute__((cleanup(guard_release))) = ({ mutex_lock(m); (m); })

static long dev_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	{
		GUARD(g, &dev_lock);
		guarded++;
		if (cmd == 1)
			return 0;
	}
	after_scope++; // want "write after_scope by dev_ioctl races with (read|write) after_scope by dev_ioctl" "read after_scope by dev_ioctl races with write after_scope by dev_ioctl"
	for (int i = 0; i < 4; i++) {
		GUARD(g2, &dev_lock);
		guarded += i;
		if (i == (int)arg)
			break;
	}
	after_loop = (int)arg; // want "write after_loop by dev_ioctl races with write after_loop by dev_ioctl"
	return 0;
}

static const struct file_operations dev_fops = { .unlocked_ioctl = dev_ioctl };
static struct miscdevice dev_misc = { .minor = MISC_DYNAMIC_MINOR, .name = "g", .fops = &dev_fops };

static int __init dev_init(void)
{
	return misc_register(&dev_misc);
}
module_init(dev_init);
