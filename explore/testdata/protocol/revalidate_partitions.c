// revalidate_locked.c with a disk of 16 minors: partitions can be
// scanned, so __blkdev_get calls rescan_partitions, and so
// ->revalidate_disk, under the disk's bd_mutex but not the driver's
// rp_mutex, when bd_invalidated is set (block/partition-generic.c,
// fs/block_dev.c): the method races with rp_open and with itself (two
// disks, or BLKRRPART beside check_disk_change), and the explorer keeps
// confirming it.
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/genhd.h>
#include <linux/hdreg.h>
#include <linux/mutex.h>

static DEFINE_MUTEX(rp_mutex);
static int changes;

static int rp_revalidate(struct gendisk *disk)
{
	changes++; // want "^confirmed global changes rp_(open|getgeo|revalidate).rp_revalidate"
	return 0;
}

static int rp_open(struct block_device *bdev, fmode_t mode)
{
	mutex_lock(&rp_mutex);
	changes = 0; // want "^confirmed global changes rp_open.rp_revalidate" "^confirmed global changes rp_open.rp_getgeo"
	check_disk_change(bdev);
	mutex_unlock(&rp_mutex);
	return 0;
}

static int rp_getgeo(struct block_device *bdev, struct hd_geometry *geo)
{
	geo->heads = changes; // want "^confirmed global changes rp_getgeo.rp_revalidate" "^confirmed global changes rp_open.rp_getgeo"
	return 0;
}

static const struct block_device_operations rp_fops = {
	.owner = THIS_MODULE,
	.open = rp_open,
	.getgeo = rp_getgeo,
	.revalidate_disk = rp_revalidate,
};

static struct gendisk *rp_disk;

static int __init rp_init(void)
{
	rp_disk = alloc_disk(16);
	if (!rp_disk)
		return -ENOMEM;
	rp_disk->flags = GENHD_FL_REMOVABLE;
	rp_disk->fops = &rp_fops;
	add_disk(rp_disk);
	return 0;
}
module_init(rp_init);
MODULE_LICENSE("GPL");
