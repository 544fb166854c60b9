// register_blkdev only reserves a major number: an open of it finds no
// disk (get_gendisk, block/genhd.c) until add_disk adds one, or a region
// blk_register_region registers makes one. The lockset check takes
// register_blkdev for the block operations' publication (models), which
// only reports more; the explorer, which claims executions, waits for
// add_disk. Init writes ready between the two, so the ioctl never sees
// it change. Before, the ioctl started after register_blkdev and the race
// was confirmed (swim: floppy_release against swim_probe's writes and its
// kfree on an error path before any add_disk).
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/genhd.h>

static int ready;
static struct gendisk *bp_disk;

static int bp_ioctl(struct block_device *bdev, fmode_t mode, unsigned int cmd, unsigned long arg)
{
	return ready; // want "^not-confirmed global ready bp_ioctl.bp_init"
}

static const struct block_device_operations bp_fops = {
	.owner = THIS_MODULE,
	.ioctl = bp_ioctl,
};

static int __init bp_init(void)
{
	int err = register_blkdev(240, "bp");

	if (err)
		return err;
	ready = 1; // want "^not-confirmed global ready bp_ioctl.bp_init"
	bp_disk = alloc_disk(1);
	if (!bp_disk)
		return -ENOMEM;
	bp_disk->fops = &bp_fops;
	add_disk(bp_disk);
	return 0;
}
module_init(bp_init);
MODULE_LICENSE("GPL");
