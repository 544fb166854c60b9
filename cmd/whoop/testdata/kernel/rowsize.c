// ARRAY_SIZE of a row of a 2-D array, as rtc-isl12022.c takes it: the row is
// an array, so the real headers' __must_be_array check passes (whoop's
// rewrite of it, frontend/kernel_rewrite_array.go) and the size is 7.
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/array_size.h>

static const u32 levels[2][7];
static int last;

static ssize_t r_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	int i, j;

	for (i = 0; i < 2; i++)
		for (j = 0; j < ARRAY_SIZE(levels[i]) - 1; j++)
			last = levels[i][j]; // want "race"
	return 0;
}

static const struct file_operations r_fops = { .owner = THIS_MODULE, .read = r_read };
static struct miscdevice r_misc = { .minor = MISC_DYNAMIC_MINOR, .name = "r", .fops = &r_fops };
module_misc_device(r_misc);
MODULE_LICENSE("GPL");
