// File operations of a misc device whose fops.owner is THIS_MODULE, with
// module init and exit. Rules: file-open, file-release, module-ref,
// module-init-once, module-init-exit, module-exit-once; init is concurrent
// with what it publishes.
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>

static int f_count;

static int f_open(struct inode *inode, struct file *file)
{
	f_count++;
	return 0;
}

static ssize_t f_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	return f_count;
}

static int f_release(struct inode *inode, struct file *file)
{
	f_count--;
	return 0;
}

static const struct file_operations f_fops = {
	.owner = THIS_MODULE,
	.open = f_open,
	.read = f_read,
	.release = f_release,
};

static struct miscdevice f_dev = { .minor = 200, .name = "f", .fops = &f_fops };

static int f_init(void)
{
	f_count = 0;
	return misc_register(&f_dev);
}

static void f_exit(void)
{
	misc_deregister(&f_dev);
}

module_init(f_init);
module_exit(f_exit);

// want pair "f_open f_open concurrent distinct 1:1"
// want pair "f_open f_read concurrent distinct 1:0"
// want pair "f_open f_release concurrent distinct 1:1"
// want pair "f_open f_init concurrent"
// want pair "f_open f_exit not-concurrent: module reference counting"
// want pair "f_read f_read concurrent"
// want pair "f_read f_release concurrent distinct 0:1"
// want pair "f_read f_init concurrent"
// want pair "f_read f_exit not-concurrent: module reference counting"
// want pair "f_release f_release concurrent distinct 1:1"
// want pair "f_release f_init concurrent"
// want pair "f_release f_exit not-concurrent: module reference counting"
// want pair "f_init f_init not-concurrent: runs once and alone"
// want pair "f_init f_exit not-concurrent: refuses a module that is still initialising"
// want pair "f_exit f_exit not-concurrent: exit function once"
