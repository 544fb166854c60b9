/* An int walk past the end of an int array member: fill(g.a, 3) writes
 * g.a[0], g.a[1] and, through p[2], g.b. Under the in-bounds assumption the
 * walk stays in g.a, so only the writes race (with each other); without it
 * (options_test.go) g.b's locked read races with them too. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>

struct st {
	int a[2];
	int b;
};

static struct st g;
static DEFINE_MUTEX(m);

static void fill(int *p, int cnt)
{
	int i;

	for (i = 0; i < cnt; i++)
		p[i] = 0; // want "write p\[i\] by dev_write races with write p\[i\] by dev_write"
}

static ssize_t dev_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	int v;

	mutex_lock(&m);
	v = g.b;
	mutex_unlock(&m);
	return v;
}

static ssize_t dev_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	fill(g.a, 3);
	return n;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.read = dev_read,
	.write = dev_write,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "oob_member", &dev_fops };

static int __init dev_init(void) { return misc_register(&dev_misc); }
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
