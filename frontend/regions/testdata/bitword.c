/* A helper touching an unknown number of bytes from a scalar member of a
 * struct that is an element of an array stays in that member (A4: the
 * member it starts in), not in the whole array around it. The pattern is
 * lp.c's (Linux 6.12): test_and_clear_bit(LP_PARPORT_CLAIMED,
 * &this_lp->bits) with this_lp = &lp_table[minor] was taken to touch every
 * member of every lp_table element, so it raced with lp_set_timeout's
 * write of lp_table[minor].timeout. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/bitops.h>
#include <linux/string.h>
#include <linux/miscdevice.h>

struct port {
	long timeout;
	unsigned long bits;
	char name[8];
};

static struct port ports[4];

static long dev_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct port *p = &ports[cmd & 3];

	ports[cmd & 3].timeout = arg;     // want region "global ports[].timeout"
	if (test_and_clear_bit(0, &p->bits)) // want region "global ports[].bits"
		return 1;
	set_bit(arg, &p->bits);           // want region "global ports[].bits"
	memset(p->name, 0, arg);          // want region "global ports[].name[]"
	strcpy(&p->name[1], "x");         // want region "global ports[].name[]" region "string"
	memset(p, 0, arg);                // want region "global ports[].timeout" region "global ports[].bits" region "global ports[].name[]"
	return 0;
}

static const struct file_operations fops = {
	.owner = THIS_MODULE,
	.unlocked_ioctl = dev_ioctl,
};

static struct miscdevice misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "bitword",
	.fops = &fops,
};

static int __init mod_init(void)
{
	return misc_register(&misc);
}
module_init(mod_init);
MODULE_LICENSE("GPL");
