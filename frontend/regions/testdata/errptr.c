/* PTR_ERR gives an errno, not the pointer: an integer that once held an
 * error code and is then used as an address (here, through a cast) does
 * not reach the object the error pointer was tested on. */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/miscdevice.h>

struct req {
	int x;
	int y;
};

static struct req *make_req(void);

static long dev_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct req *r = make_req();
	long rc;
	char *p;

	if (IS_ERR(r))
		return PTR_ERR(r);
	rc = PTR_ERR(r);
	p = (char *)rc;
	p[arg] = 0;
	r->x = 1;                                   // want region "fresh kzalloc in make_req.x"
	r->y = 2;                                   // want region "fresh kzalloc in make_req.y"
	kfree(r);
	return 0;
}

static struct req *make_req(void)
{
	struct req *r = kzalloc(sizeof(*r), GFP_KERNEL);

	return r ? r : ERR_PTR(-ENOMEM);
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.unlocked_ioctl = dev_ioctl,
};

static struct miscdevice dev_misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "errptr",
	.fops = &dev_fops,
};

module_misc_device(dev_misc);
MODULE_LICENSE("GPL");
