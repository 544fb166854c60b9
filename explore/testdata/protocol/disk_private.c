// The block layer opens only a disk add_disk added (get_gendisk,
// block/genhd.c): the gendisk an operation gets is dp_init's, whose
// private_data is the kzalloc'd state. Nothing ever sets busy, so
// dp_ioctl never clears count: before, the explorer confirmed that race
// with a disk whose private_data led to arbitrary memory (busy = 7),
// which the strict check now rejects. dp_getgeo's unlocked read of count
// against dp_open's update is real.
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/genhd.h>
#include <linux/hdreg.h>
#include <linux/slab.h>

struct dp_state {
	int busy;
	int count;
	struct gendisk *disk;
};

static struct dp_state *dp;
static DEFINE_MUTEX(dp_mutex);

static int dp_open(struct block_device *bdev, fmode_t mode)
{
	struct dp_state *s = bdev->bd_disk->private_data;

	mutex_lock(&dp_mutex);
	s->count++; // want "^not-confirmed .*count dp_open.dp_ioctl" "^confirmed .*count dp_open.dp_getgeo"
	mutex_unlock(&dp_mutex);
	return 0;
}

static int dp_ioctl(struct block_device *bdev, fmode_t mode, unsigned int cmd, unsigned long arg)
{
	struct dp_state *s = bdev->bd_disk->private_data;

	if (s->busy == 7)
		s->count = 0; // want "^not-confirmed .*count dp_(open|ioctl).dp_ioctl" "count dp_ioctl.dp_getgeo"
	return 0;
}

static int dp_getgeo(struct block_device *bdev, struct hd_geometry *geo)
{
	struct dp_state *s = bdev->bd_disk->private_data;

	geo->heads = s->count; // want "count dp_(open|ioctl|getgeo).dp_getgeo"
	return 0;
}

static const struct block_device_operations dp_fops = {
	.owner = THIS_MODULE,
	.open = dp_open,
	.ioctl = dp_ioctl,
	.getgeo = dp_getgeo,
};

static int __init dp_init(void)
{
	dp = kzalloc(sizeof(*dp), GFP_KERNEL);
	if (!dp)
		return -ENOMEM;
	dp->disk = alloc_disk(1);
	if (!dp->disk)
		return -ENOMEM;
	dp->disk->fops = &dp_fops;
	dp->disk->private_data = dp;
	add_disk(dp->disk);
	return 0;
}
module_init(dp_init);
MODULE_LICENSE("GPL");
