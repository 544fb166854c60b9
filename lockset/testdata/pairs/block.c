// Block device operations: open and release of one disk run under its
// bd_mutex; ioctl does not. The request function runs under the queue lock
// the driver handed to blk_init_queue. Rules: bd-mutex, queue-lock.
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/genhd.h>

static int b_users;
static DEFINE_SPINLOCK(b_lock);
static struct request_queue *b_queue;

static int b_open(struct block_device *bdev, fmode_t mode) { b_users++; return 0; }
static void b_release(struct gendisk *disk, fmode_t mode) { b_users--; }
static int b_ioctl(struct block_device *bdev, fmode_t mode, unsigned int cmd, unsigned long arg) { return b_users; }
static void b_request(struct request_queue *q) { b_users += 0; }

static const struct block_device_operations b_fops = {
	.open = b_open,
	.release = b_release,
	.ioctl = b_ioctl,
};

static int b_init(void)
{
	b_queue = blk_init_queue(b_request, &b_lock);
	return b_queue ? 0 : -ENOMEM;
}

module_init(b_init);

// want pair "b_open b_open not-concurrent: bd_mutex"
// want pair "b_open b_release not-concurrent: bd_mutex"
// want pair "b_open b_ioctl concurrent"
// want pair "b_open b_request concurrent"
// want pair "b_open b_init concurrent"
// want pair "b_release b_release not-concurrent: bd_mutex"
// want pair "b_release b_ioctl concurrent"
// want pair "b_release b_request concurrent"
// want pair "b_release b_init concurrent"
// want pair "b_ioctl b_ioctl concurrent"
// want pair "b_ioctl b_request concurrent"
// want pair "b_ioctl b_init concurrent"
// want pair "b_request b_request not-concurrent: queue_lock"
// want pair "b_request b_init concurrent"
// want pair "b_init b_init not-concurrent: runs once and alone"
