/* One access per assumption that Options can turn off (see options_test.go). */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/uaccess.h>
#include <linux/miscdevice.h>

struct priv {
	int count;
	char name[16];
	int flags;
};

int exported_count;
int other_count;
extern void kernel_keeps(int *p);

static ssize_t dev_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	struct priv *p = file->private_data;

	*ppos = 0;
	p->flags = 1;
	if (copy_from_user(p->name, buf, n))
		return -EFAULT;
	kernel_keeps(&p->count);
	kernel_keeps(&exported_count);
	exported_count = 2;
	other_count = 3;
	return n;
}

static const struct file_operations fops = {
	.owner = THIS_MODULE,
	.write = dev_write,
};

static struct miscdevice misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "options",
	.fops = &fops,
};

static int __init mod_init(void)
{
	return misc_register(&misc);
}
module_init(mod_init);
