// The kernel's calling protocol, as the harness and the strict check of
// every trace hold it: a timer that is set up (setup_timer) but never
// armed never runs, so its write of ticks races with nothing; a release
// runs only after its file's open returned 0: the harness runs p_open
// first, and two releases of two files opened so race on users. The
// ioctls' own race is real.
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/timer.h>

static struct timer_list tick_timer;
static int ticks;
static int users;
static int level;

static void tick(unsigned long data)
{
	ticks++; // want "not confirmed"
}

static int p_open(struct inode *inode, struct file *file)
{
	return 0;
}

static int p_release(struct inode *inode, struct file *file)
{
	users = 0; // want "confirmed"
	return 0;
}

static long p_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	level = cmd; // want "confirmed"
	return ticks;
}

static const struct file_operations p_fops = {
	.owner = THIS_MODULE,
	.open = p_open,
	.release = p_release,
	.unlocked_ioctl = p_ioctl,
};

static struct miscdevice p_dev = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "p",
	.fops = &p_fops,
};

static int __init p_init(void)
{
	setup_timer(&tick_timer, tick, 0);
	return misc_register(&p_dev);
}

static void __exit p_exit(void)
{
	misc_deregister(&p_dev);
	del_timer_sync(&tick_timer);
}
module_init(p_init);
module_exit(p_exit);
MODULE_LICENSE("GPL");
