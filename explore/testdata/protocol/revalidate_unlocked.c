// revalidate_locked.c with check_disk_change called after rn_open drops
// rn_mutex: the method runs holding nothing of the driver's, so its races
// with the open and with itself stay confirmed (the rule takes only the
// locks held at every check_disk_change call).
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/genhd.h>
#include <linux/hdreg.h>
#include <linux/mutex.h>

static DEFINE_MUTEX(rn_mutex);
static int changes;

static int rn_revalidate(struct gendisk *disk)
{
	changes++; // want "^confirmed global changes rn_(open|getgeo|revalidate).rn_revalidate"
	return 0;
}

static int rn_open(struct block_device *bdev, fmode_t mode)
{
	mutex_lock(&rn_mutex);
	changes = 0; // want "^confirmed global changes rn_open.rn_revalidate" "^confirmed global changes rn_open.rn_getgeo"
	mutex_unlock(&rn_mutex);
	check_disk_change(bdev);
	return 0;
}

static int rn_getgeo(struct block_device *bdev, struct hd_geometry *geo)
{
	geo->heads = changes; // want "^confirmed global changes rn_getgeo.rn_revalidate" "^confirmed global changes rn_open.rn_getgeo"
	return 0;
}

static const struct block_device_operations rn_fops = {
	.owner = THIS_MODULE,
	.open = rn_open,
	.getgeo = rn_getgeo,
	.revalidate_disk = rn_revalidate,
};

static struct gendisk *rn_disk;

static int __init rn_init(void)
{
	rn_disk = alloc_disk(1);
	if (!rn_disk)
		return -ENOMEM;
	rn_disk->flags = GENHD_FL_REMOVABLE;
	rn_disk->fops = &rn_fops;
	add_disk(rn_disk);
	return 0;
}
module_init(rn_init);
MODULE_LICENSE("GPL");
