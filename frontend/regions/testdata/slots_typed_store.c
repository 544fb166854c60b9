/* A struct pointer stored into a kernel slot (file->private_data) and read
 * back only as that struct type escapes as that type (hpilo.c's struct
 * ccb_data): the struct ccb embedded at its start does not join the
 * canonical struct ccb, the device's control block in the kernel's char
 * memory (in hpilo.c that memory is collapsed, and so was ccb_data). A
 * slot read as a struct starting there keeps the untyped escape:
 * slots_typed_mixed.c. */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/miscdevice.h>

struct ccb {
	int head;
	int tail;
};

struct ccb_data {
	struct ccb driver_ccb;
	struct ccb *mapped;
	int count;
	int flags;
};

extern char *test_ram_vaddr(void);

static int ts_open(struct inode *inode, struct file *file)
{
	struct ccb_data *data = kzalloc(sizeof(*data), GFP_KERNEL);
	char *ram = test_ram_vaddr();

	if (!data)
		return -ENOMEM;
	ram[0] = 0;
	data->mapped = (struct ccb *)(ram + 128);
	file->private_data = data;
	return 0;
}

static ssize_t ts_read(struct file *file, char __user *buf, size_t len, loff_t *ppos)
{
	struct ccb_data *data = file->private_data;

	data->count++;                          // want region "struct ccb_data.count"
	data->driver_ccb.tail = data->flags;    // want region "struct ccb_data.driver_ccb.tail" region "struct ccb_data.flags"
	data->driver_ccb.head = 2;              // want region "struct ccb_data.driver_ccb.head"
	data->mapped->head = 1;                 // want region "struct ccb_data.mapped" region "struct ccb.head"
	return 0;
}

static const struct file_operations ts_fops = {
	.owner = THIS_MODULE,
	.open = ts_open,
	.read = ts_read,
};

static struct miscdevice ts_misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "ts",
	.fops = &ts_fops,
};

static int __init ts_init(void)
{
	return misc_register(&ts_misc);
}
module_init(ts_init);
