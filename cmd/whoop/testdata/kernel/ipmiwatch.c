// The IPMI message handler calls a watcher's new_smi and smi_gone only
// with smi_watchers_mutex held, from ipmi_smi_watcher_register on, and
// none after ipmi_smi_watcher_unregister (which takes the mutex): they do
// not race with each other, nor with init before the registration or exit
// after the unregistration. They race with the misc device's read.
#include <linux/module.h>
#include <linux/ipmi.h>
#include <linux/miscdevice.h>
#include <linux/fs.h>

static int iw_count, iw_last;

static void iw_new(int if_num, struct device *dev)
{
	iw_count++; // want "race"
	iw_last = if_num;
}

static void iw_gone(int if_num)
{
	iw_count--; // want "race"
	iw_last = -1;
}

static struct ipmi_smi_watcher iw_watcher = {
	.owner = THIS_MODULE,
	.new_smi = iw_new,
	.smi_gone = iw_gone,
};

static ssize_t iw_read(struct file *f, char __user *buf, size_t n, loff_t *pos)
{
	return iw_count; // want "race"
}

static const struct file_operations iw_fops = {
	.owner = THIS_MODULE,
	.read = iw_read,
};

static struct miscdevice iw_misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "iw",
	.fops = &iw_fops,
};

static int __init iw_init(void)
{
	int r;

	iw_last = 0;
	r = ipmi_smi_watcher_register(&iw_watcher);
	if (r)
		return r;
	return misc_register(&iw_misc);
}

static void __exit iw_exit(void)
{
	misc_deregister(&iw_misc);
	ipmi_smi_watcher_unregister(&iw_watcher);
	iw_last = 0;
}

module_init(iw_init);
module_exit(iw_exit);
MODULE_LICENSE("GPL");
