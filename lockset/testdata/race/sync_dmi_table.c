/* dmi_check_system(list) (Linux 6.12 drivers/firmware/dmi_scan.c) calls
 * d->callback(d) for each matching entry of list on the caller's thread
 * before it returns; it is the only caller of dmi_system_id.callback
 * (dmi_first_match calls nothing). So the callbacks of a table that only
 * these functions read are callees of the caller, not entry points:
 * w83627hf_wdt's quirk callback sets the config key in module init before
 * the device is published. A callback still races as its caller does, and
 * one in a table whose address escapes stays an entry point. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/dmi.h>

static int cfg_enter = 0x87;
static int hits;
static int esc;
static const struct dmi_system_id *quirk_list;

static int use_alt_key(const struct dmi_system_id *d)
{
	cfg_enter = 0x88;
	return 0;
}

static const struct dmi_system_id init_table[] = {
	{ .ident = "board", .matches = { DMI_MATCH(DMI_SYS_VENDOR, "x") }, .callback = use_alt_key },
	{ }
};

static int count_hit(const struct dmi_system_id *d)
{
	hits++; // want "(write|read) hits by dev_read races with (write|read) hits by dev_(read|write)"
	return 0;
}

static const struct dmi_system_id read_table[] = {
	{ .ident = "board", .matches = { DMI_MATCH(DMI_SYS_VENDOR, "y") }, .callback = count_hit },
	{ }
};

static int escaped_cb(const struct dmi_system_id *d)
{
	esc = 1; // want "write esc by escaped_cb races with read esc by dev_write" "write esc by escaped_cb races with write esc by escaped_cb"
	return 0;
}

static const struct dmi_system_id escaped_table[] = {
	{ .ident = "board", .matches = { DMI_MATCH(DMI_SYS_VENDOR, "z") }, .callback = escaped_cb },
	{ }
};

static ssize_t dev_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	if (dmi_first_match(read_table))
		return dmi_check_system(read_table);
	return 0;
}

static ssize_t dev_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	return cfg_enter + hits + esc; // want "read (hits|esc) by dev_write races with write (hits|esc) by (dev_read|escaped_cb)"
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.read = dev_read,
	.write = dev_write,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "dmitab", &dev_fops };

static int __init dev_init(void)
{
	dmi_check_system(init_table);
	quirk_list = escaped_table;
	return misc_register(&dev_misc);
}
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
