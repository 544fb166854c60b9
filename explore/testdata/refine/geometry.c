// The race on pos needs arithmetic the solver sees only abstractly: a
// division by the disk's geometry, a remainder, and a shift by a variable
// amount. A model must agree with C on all three to replay; the explorer
// refines models that do not (vc.Options.Refine) until one does.
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>

#define CMD_SEEK 0x4701
#define CMD_TELL 0x4702

static int sectors_per_track = 9;
static int pos;

static long geo_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	int spt = sectors_per_track;
	int track, sector;

	switch (cmd) {
	case CMD_SEEK:
		if (spt <= 0)
			return -EINVAL;
		track = (int)arg / spt;
		sector = (int)arg % spt;
		if (track == 3 && (1 << sector) == 16)
			pos = arg; // want "race"
		return 0;
	case CMD_TELL:
		return pos; // want "race"
	}
	return -ENOTTY;
}

static const struct file_operations geo_fops = {
	.owner = THIS_MODULE,
	.unlocked_ioctl = geo_ioctl,
};

static struct miscdevice geo_dev = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "geo",
	.fops = &geo_fops,
};

static int __init geo_init(void)
{
	return misc_register(&geo_dev);
}

static void __exit geo_exit(void)
{
	misc_deregister(&geo_dev);
}
module_init(geo_init);
module_exit(geo_exit);
MODULE_LICENSE("GPL");
