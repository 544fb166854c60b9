// blk_register_region publishes the block operations whether or not a
// disk was added (the models take it for a publication), but the block
// layer opens only a disk its probe function returns, and with no drive
// present dr_init adds none and stores no private_data: an object the
// kernel hands in then is none dr_init made, and its allocator zeroed the
// link. Before, with no drive present, bd_disk->private_data led to
// arbitrary memory (magic = 0x1234) and the race on count was confirmed;
// with the drive present, private_data is the kzalloc'd state, whose
// magic nothing sets.
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/genhd.h>
#include <linux/slab.h>
#include <linux/io.h>

struct dr_state {
	int magic;
	int count;
	struct gendisk *disk;
};

static struct dr_state *dr;

static struct kobject *dr_find(dev_t dev, int *part, void *data)
{
	return NULL;
}

static int dr_ioctl(struct block_device *bdev, fmode_t mode, unsigned int cmd, unsigned long arg)
{
	struct dr_state *s = bdev->bd_disk->private_data;

	if (s->magic == 0x1234)
		s->count = 0; // want "^not-confirmed .*count dr_ioctl.dr_ioctl"
	return 0;
}

static const struct block_device_operations dr_fops = {
	.owner = THIS_MODULE,
	.ioctl = dr_ioctl,
};

static int __init dr_init(void)
{
	int err = register_blkdev(240, "dr");

	if (err)
		return err;
	dr = kzalloc(sizeof(*dr), GFP_KERNEL);
	if (!dr)
		return -ENOMEM;
	if (inb(0x300) == 1) {
		dr->disk = alloc_disk(1);
		if (!dr->disk)
			return -ENOMEM;
		dr->disk->fops = &dr_fops;
		dr->disk->private_data = dr; // want "^not-confirmed .*private_data dr_(init|ioctl).dr_(init|ioctl)"
		add_disk(dr->disk);
	}
	blk_register_region(MKDEV(240, 0), 256, THIS_MODULE, dr_find, NULL, dr);
	return 0;
}
module_init(dr_init);
MODULE_LICENSE("GPL");
