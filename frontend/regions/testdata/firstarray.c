/* A helper touching an unknown number of bytes through a pointer to a
 * struct whose first member is an array (kfree(w), memset(w, 0, n))
 * touches the whole struct, not only that array: the pointer's type says
 * the object it starts in is the struct (A4). Before, the array around
 * the pointer's first byte bounded the touch, so kfree(w) raced with no
 * write of w->state: a missed use after free. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/miscdevice.h>

struct rn_dev {
	int pad[4];
	int state;
};

static struct rn_dev *dev;

static long dev_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct rn_dev *w = dev;

	w->state = arg;       // want region "fresh kzalloc in mod_init.state"
	memset(w->pad, 0, arg); // want region "fresh kzalloc in mod_init.pad[]"
	memset(w, 0, arg);    // want region "fresh kzalloc in mod_init.pad[]" region "fresh kzalloc in mod_init.state"
	kfree(w);             // want region "fresh kzalloc in mod_init.pad[]" region "fresh kzalloc in mod_init.state"
	return 0;
}

static const struct file_operations fops = {
	.owner = THIS_MODULE,
	.unlocked_ioctl = dev_ioctl,
};

static struct miscdevice misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "firstarray",
	.fops = &fops,
};

static int __init mod_init(void)
{
	dev = kzalloc(sizeof(*dev), GFP_KERNEL);
	return misc_register(&misc);
}
module_init(mod_init);
MODULE_LICENSE("GPL");
