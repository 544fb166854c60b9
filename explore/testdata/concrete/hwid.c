// Module init probes the hardware: an identification register must read
// 0x5a, a status bit must be set, and misc_register must succeed. Only
// then are the file operations published. Both ioctl commands race on
// count (no lock); the race needs the ioctl's command to be RESET in one
// thread. The explorer's concrete runs must learn all of it (the register
// value, the command) and confirm the race without a solver query.
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/io.h>

#define HW_ID 0x5a
#define CMD_RESET 0x4701
#define CMD_READ 0x4702

static int count;

static long hw_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	switch (cmd) {
	case CMD_RESET:
		count = 0; // want "race"
		return 0;
	case CMD_READ:
		return count; // want "race"
	}
	return -ENOTTY;
}

static const struct file_operations hw_fops = {
	.owner = THIS_MODULE,
	.unlocked_ioctl = hw_ioctl,
};

static struct miscdevice hw_dev = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "hw",
	.fops = &hw_fops,
};

static int __init hw_init(void)
{
	int ret;

	if (inb(0x300) != HW_ID)
		return -ENODEV;
	if (!(inb(0x301) & 0x01))
		return -ENODEV;
	ret = misc_register(&hw_dev);
	if (ret)
		return ret;
	return 0;
}

static void __exit hw_exit(void)
{
	misc_deregister(&hw_dev);
}
module_init(hw_init);
module_exit(hw_exit);
MODULE_LICENSE("GPL");
