// A disk allocated with one minor has no partitions to scan: in Linux 4.0
// nothing sets its bd_invalidated (flush_disk and register_disk test
// disk_part_scan_enabled), so __blkdev_get never calls rescan_partitions
// and BLKRRPART refuses it, and ->revalidate_disk runs only inside the
// driver's own check_disk_change, here in rv_do_open, which rv_open calls
// under rv_mutex. The explorer runs rv_revalidate's thread holding
// rv_mutex: it does not race with rv_open nor with itself (before: both
// confirmed), and still does with rv_getgeo, which reads the count without
// the mutex. The lockset check keeps the method an entry point of its own
// and reports all three.
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/genhd.h>
#include <linux/hdreg.h>
#include <linux/mutex.h>

static DEFINE_MUTEX(rv_mutex);
static int changes;

static int rv_revalidate(struct gendisk *disk)
{
	changes++; // want "^not-confirmed global changes rv_(open|revalidate).rv_revalidate" "^confirmed global changes rv_getgeo.rv_revalidate" "^not-confirmed global changes rv_revalidate.rv_revalidate"
	return 0;
}

static void rv_do_open(struct block_device *bdev)
{
	changes = 0; // want "^not-confirmed global changes rv_open.rv_revalidate" "^confirmed global changes rv_open.rv_getgeo"
	check_disk_change(bdev);
}

// As swim's floppy_unlocked_open: the lock is the caller's.
static int rv_open(struct block_device *bdev, fmode_t mode)
{
	mutex_lock(&rv_mutex);
	rv_do_open(bdev);
	mutex_unlock(&rv_mutex);
	return 0;
}

static int rv_getgeo(struct block_device *bdev, struct hd_geometry *geo)
{
	geo->heads = changes; // want "^confirmed global changes rv_getgeo.rv_revalidate" "^confirmed global changes rv_open.rv_getgeo"
	return 0;
}

static const struct block_device_operations rv_fops = {
	.owner = THIS_MODULE,
	.open = rv_open,
	.getgeo = rv_getgeo,
	.revalidate_disk = rv_revalidate,
};

static struct gendisk *rv_disk;

static int __init rv_init(void)
{
	rv_disk = alloc_disk(1);
	if (!rv_disk)
		return -ENOMEM;
	rv_disk->flags = GENHD_FL_REMOVABLE;
	rv_disk->fops = &rv_fops;
	add_disk(rv_disk);
	return 0;
}
module_init(rv_init);
MODULE_LICENSE("GPL");
