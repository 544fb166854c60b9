// revalidate_locked.c with GENHD_FL_EXT_DEVT in the disk's flags:
// disk_max_parts is then DISK_MAX_PARTS whatever alloc_disk(1) asked for
// (include/linux/genhd.h), partitions can be scanned, and
// ->revalidate_disk can run from rescan_partitions without re_mutex: the
// races with the open and with itself stay confirmed.
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/genhd.h>
#include <linux/hdreg.h>
#include <linux/mutex.h>

static DEFINE_MUTEX(re_mutex);
static int changes;

static int re_revalidate(struct gendisk *disk)
{
	changes++; // want "^confirmed global changes re_(open|getgeo|revalidate).re_revalidate"
	return 0;
}

static void re_do_open(struct block_device *bdev)
{
	changes = 0; // want "^confirmed global changes re_open.re_revalidate" "^confirmed global changes re_open.re_getgeo"
	check_disk_change(bdev);
}

// As swim's floppy_unlocked_open: the lock is the caller's.
static int re_open(struct block_device *bdev, fmode_t mode)
{
	mutex_lock(&re_mutex);
	re_do_open(bdev);
	mutex_unlock(&re_mutex);
	return 0;
}

static int re_getgeo(struct block_device *bdev, struct hd_geometry *geo)
{
	geo->heads = changes; // want "^confirmed global changes re_getgeo.re_revalidate" "^confirmed global changes re_open.re_getgeo"
	return 0;
}

static const struct block_device_operations re_fops = {
	.owner = THIS_MODULE,
	.open = re_open,
	.getgeo = re_getgeo,
	.revalidate_disk = re_revalidate,
};

static struct gendisk *re_disk;

static int __init re_init(void)
{
	re_disk = alloc_disk(1);
	if (!re_disk)
		return -ENOMEM;
	re_disk->flags = GENHD_FL_REMOVABLE | GENHD_FL_EXT_DEVT;
	re_disk->fops = &re_fops;
	add_disk(re_disk);
	return 0;
}
module_init(re_init);
MODULE_LICENSE("GPL");
