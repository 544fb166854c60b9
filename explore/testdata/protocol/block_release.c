// A block device's release is the counterpart of its open, not a one-shot
// release: __blkdev_put (fs/block_dev.c) calls ->release on every close
// of the whole disk, as __blkdev_get called ->open on every open, both
// under the disk's bd_mutex. An ioctl of one opener runs beside the
// release of another: the count both touch without the mutex races.
// Before, the strict check took the release for a device's (put_device)
// and rejected the trace: nothing in it dropped a last reference.
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/genhd.h>
#include <linux/mutex.h>

static DEFINE_MUTEX(bl_mutex);
static int users;

static int bl_open(struct block_device *bdev, fmode_t mode)
{
	mutex_lock(&bl_mutex);
	users++;
	mutex_unlock(&bl_mutex);
	return 0;
}

static void bl_release(struct gendisk *disk, fmode_t mode)
{
	mutex_lock(&bl_mutex);
	users--; // want "^confirmed global users bl_release.bl_ioctl"
	mutex_unlock(&bl_mutex);
}

static int bl_ioctl(struct block_device *bdev, fmode_t mode, unsigned int cmd, unsigned long arg)
{
	if (users != 1) // want "^confirmed global users bl_release.bl_ioctl" "^confirmed global users bl_open.bl_ioctl"
		return -EBUSY;
	return 0;
}

static const struct block_device_operations bl_fops = {
	.owner = THIS_MODULE,
	.open = bl_open,
	.release = bl_release,
	.ioctl = bl_ioctl,
};

static struct gendisk *bl_disk;

static int __init bl_init(void)
{
	bl_disk = alloc_disk(1);
	if (!bl_disk)
		return -ENOMEM;
	bl_disk->fops = &bl_fops;
	add_disk(bl_disk);
	return 0;
}
module_init(bl_init);
MODULE_LICENSE("GPL");
