// init fills a table in a loop longer than the setup's loop bound before
// it registers the device: the setup is cut there and counts as
// registered, but the table it left is one no complete init leaves, so
// the trace of the race between the two ioctls is rejected, not
// confirmed (a lost confirmation: the race is real).
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>

static int table[16];
static int x;

static long sc_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	x = table[cmd & 15]; // want "^not-confirmed global x sc_ioctl.sc_ioctl"
	return 0;
}

static const struct file_operations sc_fops = {
	.owner = THIS_MODULE,
	.unlocked_ioctl = sc_ioctl,
};

static struct miscdevice sc_misc = { MISC_DYNAMIC_MINOR, "sc", &sc_fops };

static int __init sc_init(void)
{
	int i;

	for (i = 0; i < 16; i++)
		table[i] = i;
	return misc_register(&sc_misc);
}
module_init(sc_init);
MODULE_LICENSE("GPL");
