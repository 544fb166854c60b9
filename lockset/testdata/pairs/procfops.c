// A file_operations published with proc_create: open /proc files do not
// pin the module (rmmod is never blocked by them; remove_proc_entry waits
// for operations in flight instead), so module exit is concurrent with them
// although .owner is THIS_MODULE.
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/proc_fs.h>

static int p_value;

static ssize_t p_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	return p_value;
}

static const struct file_operations p_fops = {
	.owner = THIS_MODULE,
	.read = p_read,
};

static int p_init(void)
{
	return proc_create("p", 0444, NULL, &p_fops) ? 0 : -ENOMEM;
}

static void p_exit(void)
{
	p_value = 0;
	remove_proc_entry("p", NULL);
}

module_init(p_init);
module_exit(p_exit);

// want pair "p_read p_read concurrent"
// want pair "p_read p_init concurrent"
// want pair "p_read p_exit concurrent"
// want pair "p_init p_init not-concurrent: runs once and alone"
// want pair "p_init p_exit not-concurrent: still initialising"
// want pair "p_exit p_exit not-concurrent: exit function once"
