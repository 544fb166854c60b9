// Memory kzalloc returns reads 0 until written, in the search as in C:
// init counts one unit in a zeroed struct, so the ioctl's test for five
// units never passes and its write of spare never runs, while its write
// of one runs. Before, the search let the struct start with any count (4,
// then one more): its trace read 5 where C reads 1, the strict check
// rejected it, and the race on spare was "not confirmed (trace rejected:
// ...)" rather than not confirmed for want of an interleaving.
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/slab.h>

struct kz_unit {
	int val;
};

struct kz_priv {
	int count;
	struct kz_unit unit[2];
	int one;
	int spare;
};

static struct kz_priv *kz;

static long kz_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	if (kz->count == 5)
		kz->spare++; // want "not confirmed" "not confirmed within csb"
	if (kz->count == 1)
		kz->one++; // want "confirmed"
	return 0;
}

static const struct file_operations kz_fops = {
	.owner = THIS_MODULE,
	.unlocked_ioctl = kz_ioctl,
};

static struct miscdevice kz_misc = { MISC_DYNAMIC_MINOR, "kz", &kz_fops };

static int __init kz_init(void)
{
	kz = kzalloc(sizeof(*kz), GFP_KERNEL);
	if (!kz)
		return -ENOMEM;
	kz->unit[kz->count].val = 1;
	kz->count++;
	return misc_register(&kz_misc);
}
module_init(kz_init);
MODULE_LICENSE("GPL");
