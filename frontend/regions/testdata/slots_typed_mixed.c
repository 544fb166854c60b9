/* As slots_typed_store.c, but an ioctl reads file->private_data as the
 * struct ccb at the start of struct ccb_data: the stored pointer escapes
 * untyped, every struct starting there joins its canonical node, and the
 * device's control block is merged with the driver's driver_ccb again
 * (one region, as it must: the ioctl's struct ccb is the driver's). */
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

static long ts_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct ccb *c = file->private_data;

	c->tail = 3;                            // want region "struct ccb_data.driver_ccb.tail"
	return 0;
}

static ssize_t ts_read(struct file *file, char __user *buf, size_t len, loff_t *ppos)
{
	struct ccb_data *data = file->private_data;

	data->count++;                          // want region "struct ccb_data.count"
	data->driver_ccb.tail = data->flags;    // want region "struct ccb_data.driver_ccb.tail" region "struct ccb_data.flags"
	data->driver_ccb.head = 2;              // want region "struct ccb_data.driver_ccb.head"
	data->mapped->head = 1;                 // want region "struct ccb_data.mapped" region "struct ccb_data.driver_ccb.head"
	return 0;
}

static const struct file_operations ts_fops = {
	.owner = THIS_MODULE,
	.open = ts_open,
	.read = ts_read,
	.unlocked_ioctl = ts_ioctl,
};

static struct miscdevice ts_misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "tsm",
	.fops = &ts_fops,
};

static int __init ts_init(void)
{
	return misc_register(&ts_misc);
}
module_init(ts_init);
