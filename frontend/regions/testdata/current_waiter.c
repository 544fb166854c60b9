/* A wait entry in the driver's own struct, which the kernel can see
 * (file->private_data): current stored in its private is handed over
 * with it, so current is the kernel's struct task_struct. */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>

struct priv {
	wait_queue_t wait;
	int count;
};

static ssize_t dev_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	struct priv *p = file->private_data;

	p->wait.private = current;
	current->flags |= 1;                    // want region "struct task_struct.flags" shared
	return 0;
}

static const struct file_operations fops = {
	.owner = THIS_MODULE,
	.read = dev_read,
};

static struct miscdevice misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "current",
	.fops = &fops,
};

static int __init mod_init(void)
{
	return misc_register(&misc);
}
module_init(mod_init);
