/* Every open sets up and arms a timer of its own, in a session it
 * allocates for the file: two open files have two timers, whose functions
 * run at once and race on the unprotected count. (The timer rule, about
 * one timer, kept sess_timer from itself.) The setup is in a helper that
 * open calls: being reached from open is enough. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/timer.h>
#include <linux/jiffies.h>
#include <linux/slab.h>

struct sess {
	struct timer_list t;
	int id;
};

static int fired;

static void sess_timer(unsigned long data)
{
	fired++; // want "write fired by sess_timer races with (read|write) fired by sess_timer" "(read|write) fired by sess_timer races with write fired by sess_timer"
}

static void sess_start(struct sess *s)
{
	setup_timer(&s->t, sess_timer, (unsigned long)s);
	mod_timer(&s->t, jiffies + HZ);
}

static int dev_open(struct inode *inode, struct file *file)
{
	struct sess *s = kzalloc(sizeof(*s), GFP_KERNEL);

	if (!s)
		return -ENOMEM;
	sess_start(s);
	file->private_data = s;
	return 0;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.open = dev_open,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "timer_per_open", &dev_fops };

static int __init dev_init(void) { return misc_register(&dev_misc); }
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
