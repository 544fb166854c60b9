/* Int walks past the end of an int array member (see options_test.go):
 * under the in-bounds assumption they stay in the array; without it they
 * may reach the members after it. */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>

struct st {
	int a[2];
	int b;
};

struct hst {
	int a[2];
	int b;
};

static struct st g;
static struct st gi;
static struct st gp;

static void fill(int *p, int cnt)
{
	int i;

	for (i = 0; i < cnt; i++)
		p[i] = 0;
}

static ssize_t dev_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	struct hst *h = file->private_data;

	return g.b + gi.b + gp.b + h->b;
}

static ssize_t dev_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	struct hst *h = file->private_data;
	int i = n & 3;

	fill(g.a, 3);
	gi.a[i] = 1;
	*(gp.a + i) = 1;
	h->a[i] = 1;
	return n;
}

static const struct file_operations fops = {
	.owner = THIS_MODULE,
	.read = dev_read,
	.write = dev_write,
};

static struct miscdevice misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "walk",
	.fops = &fops,
};

static int __init mod_init(void)
{
	return misc_register(&misc);
}
module_init(mod_init);
