/* Why accesses share a region (see explain_test.go). */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>

struct flags {
	unsigned int ready : 1;
	unsigned int busy : 1;
	unsigned int mode : 3;
};

struct priv {
	int count;
	struct flags f;
	int ring[8];
};

static struct flags gflags;
static int a_count, b_count;
static int *last;

static ssize_t dev_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	struct priv *p = file->private_data;
	int mine = 0;
	int *q = n ? &a_count : &b_count;

	p->count++;
	gflags.busy = 1;
	p->ring[n & 7] = 1;
	*q = 2;
	last = &mine;
	mine = 3;
	return n;
}

static const struct file_operations fops = {
	.owner = THIS_MODULE,
	.write = dev_write,
};

static struct miscdevice misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "explain",
	.fops = &fops,
};

static int __init mod_init(void)
{
	return misc_register(&misc);
}
module_init(mod_init);
