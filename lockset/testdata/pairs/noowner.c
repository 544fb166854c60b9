// File operations without an owner: open files do not pin the module, so
// exit may overlap them (until misc_deregister, which does not wait). A
// late initcall is module initialisation too.
#include <linux/module.h>
#include <linux/init.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>

static int n_state;

static ssize_t n_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	return n_state;
}

static const struct file_operations n_fops = { .read = n_read };

static struct miscdevice n_dev = { .minor = 201, .name = "n", .fops = &n_fops };

static int n_init(void)
{
	return misc_register(&n_dev);
}

static int n_late(void)
{
	n_state = 1;
	return 0;
}

static void n_exit(void)
{
	misc_deregister(&n_dev);
	n_state = 0;
}

module_init(n_init);
late_initcall(n_late);
module_exit(n_exit);

// want pair "n_read n_read concurrent"
// want pair "n_read n_init concurrent"
// want pair "n_read n_late concurrent"
// want pair "n_read n_exit concurrent"
// want pair "n_init n_init not-concurrent: module initialisation runs once and alone"
// want pair "n_init n_late not-concurrent: built-in initcalls run one after another"
// want pair "n_init n_exit not-concurrent: delete_module refuses a module that is still initialising"
// want pair "n_late n_late not-concurrent: runs once and alone"
// want pair "n_late n_exit not-concurrent: still initialising"
// want pair "n_exit n_exit not-concurrent: exit function once"
