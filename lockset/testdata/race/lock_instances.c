/* A lock field is one lock for every object of its struct type (documented
 * assumption): the session lock of one open file "protects" the global
 * total that the session lock of another open file also "protects".
 * lockset.Options.LockInstancesDistinct drops the assumption: the check
 * then compares the addresses of the instances held, and the accesses to
 * total race, while those to s->count, under the lock of the same object,
 * still do not. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>
#include <linux/slab.h>

struct session {
	struct mutex lock;
	int count;
};

static int total;

static int dev_open(struct inode *inode, struct file *file)
{
	struct session *s = kzalloc(sizeof(*s), GFP_KERNEL);

	if (!s)
		return -ENOMEM;
	mutex_init(&s->lock);
	file->private_data = s;
	return 0;
}

static ssize_t dev_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	struct session *s = file->private_data;
	int v;

	mutex_lock(&s->lock);
	v = s->count;
	total++;
	mutex_unlock(&s->lock);
	return v;
}

static ssize_t dev_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	struct session *s = file->private_data;

	mutex_lock(&s->lock);
	s->count = n;
	total += n;
	mutex_unlock(&s->lock);
	return n;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.open = dev_open,
	.read = dev_read,
	.write = dev_write,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "sessions", &dev_fops };

static int __init dev_init(void) { return misc_register(&dev_misc); }
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
