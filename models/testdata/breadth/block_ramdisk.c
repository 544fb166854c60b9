/*
 * breadth/block_ramdisk.c - a RAM-backed block device driven by a request
 * function under the queue lock (block_device_operations, gendisk).
 */
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/types.h>
#include <linux/vmalloc.h>
#include <linux/genhd.h>
#include <linux/blkdev.h>
#include <linux/hdreg.h>
#include <linux/spinlock.h>
#include <linux/string.h>

#define RD_SECTOR_SIZE 512
#define RD_SECTORS 1024
#define RD_MINORS 16

static int rd_major;

struct rd_device {
	unsigned long size;
	spinlock_t lock;
	u8 *data;
	struct gendisk *gd;
	struct request_queue *queue;
	int users;
};

static struct rd_device rd_dev;

static void rd_transfer(struct rd_device *dev, sector_t sector, unsigned long nsect, char *buffer, int write)
{
	unsigned long offset = sector * RD_SECTOR_SIZE;
	unsigned long nbytes = nsect * RD_SECTOR_SIZE;

	if ((offset + nbytes) > dev->size)
		return;
	if (write)
		memcpy(dev->data + offset, buffer, nbytes);
	else
		memcpy(buffer, dev->data + offset, nbytes);
}

static void rd_request(struct request_queue *q)
{
	struct request *req;

	req = blk_fetch_request(q);
	while (req != NULL) {
		struct req_iterator iter;
		struct bio_vec bvec;
		sector_t sector = blk_rq_pos(req);

		rq_for_each_segment(bvec, req, iter) {
			char *buffer = page_address(bvec.bv_page) + bvec.bv_offset;

			rd_transfer(&rd_dev, sector, bvec.bv_len / RD_SECTOR_SIZE, buffer, rq_data_dir(req));
			sector += bvec.bv_len / RD_SECTOR_SIZE;
		}
		if (!__blk_end_request_cur(req, 0))
			req = blk_fetch_request(q);
	}
}

static int rd_open(struct block_device *bdev, fmode_t mode)
{
	struct rd_device *dev = bdev->bd_disk->private_data;

	spin_lock_irq(&dev->lock);
	dev->users++;
	spin_unlock_irq(&dev->lock);
	return 0;
}

static void rd_release(struct gendisk *disk, fmode_t mode)
{
	struct rd_device *dev = disk->private_data;

	spin_lock_irq(&dev->lock);
	dev->users--;
	spin_unlock_irq(&dev->lock);
}

static int rd_getgeo(struct block_device *bdev, struct hd_geometry *geo)
{
	struct rd_device *dev = bdev->bd_disk->private_data;
	long size = dev->size / RD_SECTOR_SIZE;

	geo->cylinders = (size & ~0x3f) >> 6;
	geo->heads = 4;
	geo->sectors = 16;
	geo->start = 4;
	return 0;
}

static const struct block_device_operations rd_ops = {
	.owner = THIS_MODULE,
	.open = rd_open,
	.release = rd_release,
	.getgeo = rd_getgeo,
};

static int __init rd_init(void)
{
	rd_dev.size = RD_SECTORS * RD_SECTOR_SIZE;
	spin_lock_init(&rd_dev.lock);
	rd_dev.data = vmalloc(rd_dev.size);
	if (rd_dev.data == NULL)
		return -ENOMEM;
	rd_dev.queue = blk_init_queue(rd_request, &rd_dev.lock);
	if (rd_dev.queue == NULL)
		goto out;
	blk_queue_logical_block_size(rd_dev.queue, RD_SECTOR_SIZE);
	rd_major = register_blkdev(rd_major, "rd");
	if (rd_major <= 0)
		goto out_queue;
	rd_dev.gd = alloc_disk(RD_MINORS);
	if (!rd_dev.gd)
		goto out_unregister;
	rd_dev.gd->major = rd_major;
	rd_dev.gd->first_minor = 0;
	rd_dev.gd->fops = &rd_ops;
	rd_dev.gd->private_data = &rd_dev;
	strcpy(rd_dev.gd->disk_name, "rd0");
	set_capacity(rd_dev.gd, RD_SECTORS);
	rd_dev.gd->queue = rd_dev.queue;
	add_disk(rd_dev.gd);
	return 0;

out_unregister:
	unregister_blkdev(rd_major, "rd");
out_queue:
	blk_cleanup_queue(rd_dev.queue);
out:
	vfree(rd_dev.data);
	return -ENOMEM;
}

static void __exit rd_exit(void)
{
	del_gendisk(rd_dev.gd);
	put_disk(rd_dev.gd);
	unregister_blkdev(rd_major, "rd");
	blk_cleanup_queue(rd_dev.queue);
	vfree(rd_dev.data);
}

module_init(rd_init);
module_exit(rd_exit);
MODULE_LICENSE("GPL");
