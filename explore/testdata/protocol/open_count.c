// Only open writes users, and the ioctls count in x only once two files
// are open: the race on x needs the first thread's open, then the other
// thread's open and ioctl, then the first's ioctl. The opener runs in its
// thread's rounds like the rest of its code (the memory it writes has a
// copy per round): the solver alone confirms the race (before, users had
// one copy, the first thread's ioctl read it before the other's open in
// the sequentialised program, and the race was not confirmed). oc_misc has
// external linkage, so misc-open does not serialise the opens.
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>

static int users;
static int x;

static int oc_open(struct inode *inode, struct file *file)
{
	users++; // want "^confirmed global users oc_open.oc_open"
	return 0;
}

static long oc_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	if (users == 2) // want "^confirmed global users oc_open.oc_ioctl"
		x++; // want "^confirmed global x oc_ioctl.oc_ioctl"
	return 0;
}

static const struct file_operations oc_fops = {
	.owner = THIS_MODULE,
	.open = oc_open,
	.unlocked_ioctl = oc_ioctl,
};

struct miscdevice oc_misc = { MISC_DYNAMIC_MINOR, "oc", &oc_fops };

static int __init oc_init(void)
{
	return misc_register(&oc_misc);
}
module_init(oc_init);
MODULE_LICENSE("GPL");
