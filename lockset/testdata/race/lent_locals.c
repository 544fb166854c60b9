/* Stack locals whose address a kernel function receives (firmware calls
 * through a kernel function table, an unknown kernel function) stay private
 * to their call (assumption no-retained-locals): concurrent calls have
 * their own. A local the driver publishes (stores into a global) is shared. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/string.h>

struct stamp {
	int sec;
	int nsec;
};

struct fw_services {
	int (*get_time)(struct stamp *t, int *cap);
	int (*set_time)(struct stamp *t);
};

extern struct fw_services fw;
extern int fw_read_alarm(struct stamp *t, unsigned char *enabled);
extern struct stamp *fw_lookup(struct stamp *key);

static struct stamp *last;
static struct stamp *found;

static ssize_t dev_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	struct stamp now, alarm;
	unsigned char enabled;
	int cap;

	memset(&now, 0, sizeof(now));
	memset(&alarm, 0, sizeof(alarm));
	fw.get_time(&now, &cap);
	fw_read_alarm(&alarm, &enabled);
	now.sec += cap;
	alarm.nsec = enabled;
	if (last) // want "read last by dev_read races with write last by dev_write"
		return last->sec; // want "read last->sec by dev_read races with write (mine.sec|mine.nsec) by dev_write"
	if (found) // want "read found by dev_read races with write found by dev_write"
		return found->nsec; // want "read found->nsec by dev_read races with write key.nsec by dev_write"
	return now.sec + alarm.nsec;
}

static ssize_t dev_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	struct stamp t;
	struct stamp mine;
	struct stamp key;

	t.sec = n;
	t.nsec = 0;
	fw.set_time(&t);
	fw.get_time(&mine, NULL);
	mine.sec = n; // want "write mine.sec by dev_write races with (read last->sec by dev_read|write mine.sec by dev_write)"
	last = &mine; // want "write last by dev_write races with (read|write) last by dev_(read|write)"
	/* What a kernel function returns may point into the local it got. */
	found = fw_lookup(&key); // want "write found by dev_write races with (read|write) found by dev_(read|write)"
	key.nsec = n; // want "write key.nsec by dev_write races with (read found->nsec by dev_read|write key.nsec by dev_write)"
	return n;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.read = dev_read,
	.write = dev_write,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "lent", &dev_fops };

static int __init dev_init(void) { return misc_register(&dev_misc); }
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
