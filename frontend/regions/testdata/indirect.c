/* Indirect call targets and memory through function pointers. */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>

struct handler_ops {
	int (*start)(int *state);
	int (*stop)(int *state);
};

static int state_a, state_b;

static int start_a(int *s) { *s = 1; return 0; }  // want region "global state_a|state_b"
static int start_b(int *s) { *s = 2; return 0; }  // want region "global state_a|state_b"
static int stop_any(int *s) { return *s; }        // want region "global state_a|state_b"

static const struct handler_ops ops_a = { .start = start_a, .stop = stop_any };
static const struct handler_ops ops_b = { .start = start_b, .stop = stop_any };

static long dev_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	const struct handler_ops *ops = cmd ? &ops_a : &ops_b;
	int (*fn)(int *) = start_a;
	ops->start(&state_a);              // want targets "start_a,start_b" region "global ops_a|ops_b.start" read-only
	ops->stop(&state_b);               // want targets "stop_any" region "global ops_a|ops_b.stop" read-only
	return fn(&state_b);               // want targets "start_a"
}

static const struct file_operations fops = {
	.owner = THIS_MODULE,
	.unlocked_ioctl = dev_ioctl,
};

static struct miscdevice misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "indirect",
	.fops = &fops,
};

static int __init mod_init(void)
{
	return misc_register(&misc);
}
module_init(mod_init);
