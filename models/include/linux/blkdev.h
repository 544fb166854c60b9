/* whoop model: linux/blkdev.h - request queues, requests and block_device_operations. */
#ifndef _WHOOP_LINUX_BLKDEV_H
#define _WHOOP_LINUX_BLKDEV_H

#include <linux/sched.h>
#include <linux/major.h>
#include <linux/genhd.h>
#include <linux/list.h>
#include <linux/timer.h>
#include <linux/workqueue.h>
#include <linux/pagemap.h>
#include <linux/backing-dev.h>
#include <linux/wait.h>
#include <linux/mempool.h>
#include <linux/bio.h>
#include <linux/stringify.h>
#include <linux/gfp.h>
#include <linux/bsg.h>
#include <linux/smp.h>
#include <linux/rcupdate.h>
#include <linux/scatterlist.h>
#include <linux/kobject.h>

struct module;
struct scsi_ioctl_command;
struct request_queue;
struct elevator_queue;
struct blk_trace;
struct request;
struct sg_io_hdr;
struct bsg_job;
struct blkcg_gq;
struct blk_flush_queue;
struct blk_mq_ops;
struct blk_mq_ctx;
struct blk_mq_hw_ctx;
struct blk_mq_tag_set;
struct io_cq;

#define BLKDEV_MIN_RQ 4
#define BLKDEV_MAX_RQ 128

typedef void (rq_end_io_fn)(struct request *, int);

#define BLK_RL_SYNCFULL (1U << 0)
#define BLK_RL_ASYNCFULL (1U << 1)

struct request_list {
	struct request_queue *q;
	int count[2];
	int starved[2];
	mempool_t *rq_pool;
	wait_queue_head_t wait[2];
	unsigned int flags;
};

enum rq_cmd_type_bits {
	REQ_TYPE_FS = 1,
	REQ_TYPE_BLOCK_PC,
	REQ_TYPE_SENSE,
	REQ_TYPE_PM_SUSPEND,
	REQ_TYPE_PM_RESUME,
	REQ_TYPE_PM_SHUTDOWN,
	REQ_TYPE_SPECIAL,
	REQ_TYPE_ATA_TASKFILE,
	REQ_TYPE_ATA_PC,
	REQ_TYPE_DRV_PRIV,
};

#define BLK_MAX_CDB 16

struct request {
	struct list_head queuelist;
	union {
		struct call_single_data csd;
		unsigned long fifo_time;
	};
	struct request_queue *q;
	struct blk_mq_ctx *mq_ctx;
	u64 cmd_flags;
	enum rq_cmd_type_bits cmd_type;
	unsigned long atomic_flags;
	int cpu;
	unsigned int __data_len;
	sector_t __sector;
	struct bio *bio;
	struct bio *biotail;
	union {
		struct hlist_node hash;
		struct list_head ipi_list;
	};
	union {
		struct rb_node rb_node;
		void *completion_data;
	};
	union {
		struct {
			struct io_cq *icq;
			void *priv[2];
		} elv;
		struct {
			unsigned int seq;
			struct list_head list;
			rq_end_io_fn *saved_end_io;
		} flush;
	};
	struct gendisk *rq_disk;
	struct hd_struct *part;
	unsigned long start_time;
	unsigned short nr_phys_segments;
	unsigned short ioprio;
	void *special;
	int tag;
	int errors;
	unsigned char __cmd[BLK_MAX_CDB];
	unsigned char *cmd;
	unsigned short cmd_len;
	unsigned int extra_len;
	unsigned int sense_len;
	unsigned int resid_len;
	void *sense;
	unsigned long deadline;
	struct list_head timeout_list;
	unsigned int timeout;
	int retries;
	rq_end_io_fn *end_io;
	void *end_io_data;
	struct request *next_rq;
};

static inline unsigned short req_get_ioprio(struct request *req)
{
	return req->ioprio;
}

typedef void (request_fn_proc)(struct request_queue *q);
typedef void (make_request_fn)(struct request_queue *q, struct bio *bio);
typedef int (prep_rq_fn)(struct request_queue *, struct request *);
typedef void (unprep_rq_fn)(struct request_queue *, struct request *);

struct bvec_merge_data {
	struct block_device *bi_bdev;
	sector_t bi_sector;
	unsigned bi_size;
	unsigned long bi_rw;
};
typedef int (merge_bvec_fn)(struct request_queue *, struct bvec_merge_data *, struct bio_vec *);
typedef void (softirq_done_fn)(struct request *);
typedef int (dma_drain_needed_fn)(struct request *);
typedef int (lld_busy_fn)(struct request_queue *q);
typedef int (bsg_job_fn)(struct bsg_job *);

enum blk_eh_timer_return {
	BLK_EH_NOT_HANDLED,
	BLK_EH_HANDLED,
	BLK_EH_RESET_TIMER,
};

typedef enum blk_eh_timer_return (rq_timed_out_fn)(struct request *);

enum blk_queue_state {
	Queue_down,
	Queue_up,
};

#define BLK_SCSI_MAX_CMDS (256)
#define BLK_SCSI_CMD_PER_LONG (BLK_SCSI_MAX_CMDS / (sizeof(long) * 8))

struct queue_limits {
	unsigned long bounce_pfn;
	unsigned long seg_boundary_mask;
	unsigned int max_hw_sectors;
	unsigned int chunk_sectors;
	unsigned int max_sectors;
	unsigned int max_segment_size;
	unsigned int physical_block_size;
	unsigned int alignment_offset;
	unsigned int io_min;
	unsigned int io_opt;
	unsigned int max_discard_sectors;
	unsigned int max_write_same_sectors;
	unsigned int discard_granularity;
	unsigned int discard_alignment;
	unsigned short logical_block_size;
	unsigned short max_segments;
	unsigned short max_integrity_segments;
	unsigned char misaligned;
	unsigned char discard_misaligned;
	unsigned char cluster;
	unsigned char discard_zeroes_data;
	unsigned char raid_partial_stripes_expensive;
};

struct request_queue {
	struct list_head queue_head;
	struct request *last_merge;
	struct elevator_queue *elevator;
	int nr_rqs[2];
	int nr_rqs_elvpriv;
	struct request_list root_rl;
	request_fn_proc *request_fn;
	make_request_fn *make_request_fn;
	prep_rq_fn *prep_rq_fn;
	unprep_rq_fn *unprep_rq_fn;
	merge_bvec_fn *merge_bvec_fn;
	softirq_done_fn *softirq_done_fn;
	rq_timed_out_fn *rq_timed_out_fn;
	dma_drain_needed_fn *dma_drain_needed;
	lld_busy_fn *lld_busy_fn;
	struct blk_mq_ops *mq_ops;
	unsigned int *mq_map;
	struct blk_mq_ctx __percpu *queue_ctx;
	unsigned int nr_queues;
	struct blk_mq_hw_ctx **queue_hw_ctx;
	unsigned int nr_hw_queues;
	sector_t end_sector;
	struct request *boundary_rq;
	struct delayed_work delay_work;
	struct backing_dev_info backing_dev_info;
	void *queuedata;
	unsigned long queue_flags;
	int id;
	gfp_t bounce_gfp;
	spinlock_t __queue_lock;
	spinlock_t *queue_lock;
	struct kobject kobj;
	struct kobject mq_kobj;
	struct device *dev;
	int rpm_status;
	unsigned int nr_pending;
	unsigned long nr_requests;
	unsigned int nr_congestion_on;
	unsigned int nr_congestion_off;
	unsigned int nr_batching;
	unsigned int dma_drain_size;
	void *dma_drain_buffer;
	unsigned int dma_pad_mask;
	unsigned int dma_alignment;
	struct blk_queue_tag *queue_tags;
	struct list_head tag_busy_list;
	unsigned int nr_sorted;
	unsigned int in_flight[2];
	unsigned int request_fn_active;
	unsigned int rq_timeout;
	struct timer_list timeout;
	struct list_head timeout_list;
	struct list_head icq_list;
	struct queue_limits limits;
	unsigned int sg_timeout;
	unsigned int sg_reserved_size;
	int node;
	struct blk_flush_queue *fq;
	struct list_head requeue_list;
	spinlock_t requeue_lock;
	struct work_struct requeue_work;
	struct mutex sysfs_lock;
	int bypass_depth;
	int mq_freeze_depth;
	struct rcu_head rcu_head;
	wait_queue_head_t mq_freeze_wq;
	struct percpu_ref *mq_usage_counter_unused;
	struct list_head all_q_node;
	struct blk_mq_tag_set *tag_set;
	struct list_head tag_set_list;
};

#define QUEUE_FLAG_QUEUED 1
#define QUEUE_FLAG_STOPPED 2
#define QUEUE_FLAG_SYNCFULL 3
#define QUEUE_FLAG_ASYNCFULL 4
#define QUEUE_FLAG_DYING 5
#define QUEUE_FLAG_BYPASS 6
#define QUEUE_FLAG_BIDI 7
#define QUEUE_FLAG_NOMERGES 8
#define QUEUE_FLAG_SAME_COMP 9
#define QUEUE_FLAG_FAIL_IO 10
#define QUEUE_FLAG_STACKABLE 11
#define QUEUE_FLAG_NONROT 12
#define QUEUE_FLAG_VIRT QUEUE_FLAG_NONROT
#define QUEUE_FLAG_IO_STAT 13
#define QUEUE_FLAG_DISCARD 14
#define QUEUE_FLAG_NOXMERGES 15
#define QUEUE_FLAG_ADD_RANDOM 16
#define QUEUE_FLAG_SECDISCARD 17
#define QUEUE_FLAG_SAME_FORCE 18
#define QUEUE_FLAG_DEAD 19
#define QUEUE_FLAG_INIT_DONE 20
#define QUEUE_FLAG_NO_SG_MERGE 21
#define QUEUE_FLAG_SG_GAPS 22

extern void queue_flag_set_unlocked(unsigned int flag, struct request_queue *q);
extern void queue_flag_clear_unlocked(unsigned int flag, struct request_queue *q);
extern void queue_flag_set(unsigned int flag, struct request_queue *q);
extern void queue_flag_clear(unsigned int flag, struct request_queue *q);

#define blk_queue_stopped(q) test_bit(QUEUE_FLAG_STOPPED, &(q)->queue_flags)
#define blk_queue_nonrot(q) test_bit(QUEUE_FLAG_NONROT, &(q)->queue_flags)
#define blk_queue_discard(q) test_bit(QUEUE_FLAG_DISCARD, &(q)->queue_flags)
#define blk_queue_dying(q) test_bit(QUEUE_FLAG_DYING, &(q)->queue_flags)

#define blk_noretry_request(rq) \
	((rq)->cmd_flags & (REQ_FAILFAST_DEV | REQ_FAILFAST_TRANSPORT | REQ_FAILFAST_DRIVER))
#define blk_account_rq(rq) (((rq)->cmd_flags & REQ_STARTED) && ((rq)->cmd_type == REQ_TYPE_FS))
#define blk_rq_cpu_valid(rq) ((rq)->cpu != -1)
#define blk_bidi_rq(rq) ((rq)->next_rq != NULL)
#define blk_rq_is_passthrough(rq) ((rq)->cmd_type != REQ_TYPE_FS)

#define list_entry_rq(ptr) list_entry((ptr), struct request, queuelist)
#define rq_data_dir(rq) ((int)((rq)->cmd_flags & 1))

#define BLK_DEFAULT_SG_TIMEOUT (60 * HZ)
#define BLK_MIN_SG_TIMEOUT (7 * HZ)
#define BLK_BOUNCE_HIGH -1ULL
#define BLK_BOUNCE_ANY (-1ULL)
#define BLK_BOUNCE_ISA (DMA_BIT_MASK(24))
#define BLK_SAFE_MAX_SECTORS 255
#define BLK_DEF_MAX_SECTORS 1024
#define BLK_MAX_SEGMENT_SIZE 65536
#define BLK_SEG_BOUNDARY_MASK 0xFFFFFFFFUL
#define BLK_MAX_SEGMENTS 128

struct req_iterator {
	struct bvec_iter iter;
	struct bio *bio;
};

#define for_each_bio(_bio) for (; _bio; _bio = _bio->bi_next)
#define __rq_for_each_bio(_bio, rq) \
	if ((rq->bio)) \
		for (_bio = (rq)->bio; _bio; _bio = _bio->bi_next)
#define rq_for_each_segment(bvl, _rq, _iter) \
	__rq_for_each_bio(_iter.bio, _rq) \
		bio_for_each_segment(bvl, _iter.bio, _iter.iter)
#define rq_iter_last(bvec, _iter) \
	(_iter.bio->bi_next == NULL && bio_iter_last(bvec, _iter.iter))

/* Queue setup and teardown. */
extern struct request_queue *blk_init_queue(request_fn_proc *, spinlock_t *);
extern struct request_queue *blk_init_queue_node(request_fn_proc *rfn, spinlock_t *lock, int node_id);
extern struct request_queue *blk_init_allocated_queue(struct request_queue *, request_fn_proc *, spinlock_t *);
extern struct request_queue *blk_alloc_queue(gfp_t);
extern struct request_queue *blk_alloc_queue_node(gfp_t, int);
extern void blk_cleanup_queue(struct request_queue *);
extern void blk_queue_make_request(struct request_queue *, make_request_fn *);
extern void blk_queue_bounce_limit(struct request_queue *, u64);
extern void blk_queue_max_hw_sectors(struct request_queue *, unsigned int);
extern void blk_queue_chunk_sectors(struct request_queue *, unsigned int);
extern void blk_queue_max_segments(struct request_queue *, unsigned short);
extern void blk_queue_max_segment_size(struct request_queue *, unsigned int);
extern void blk_queue_max_discard_sectors(struct request_queue *q, unsigned int max_discard_sectors);
extern void blk_queue_logical_block_size(struct request_queue *, unsigned short);
extern void blk_queue_physical_block_size(struct request_queue *, unsigned int);
extern void blk_queue_alignment_offset(struct request_queue *q, unsigned int alignment);
extern void blk_queue_io_min(struct request_queue *q, unsigned int min);
extern void blk_queue_io_opt(struct request_queue *q, unsigned int opt);
extern void blk_queue_dma_alignment(struct request_queue *, int);
extern void blk_queue_update_dma_alignment(struct request_queue *, int);
extern void blk_queue_segment_boundary(struct request_queue *, unsigned long);
extern void blk_queue_prep_rq(struct request_queue *, prep_rq_fn *pfn);
extern void blk_queue_unprep_rq(struct request_queue *, unprep_rq_fn *ufn);
extern void blk_queue_merge_bvec(struct request_queue *, merge_bvec_fn *);
extern void blk_queue_softirq_done(struct request_queue *, softirq_done_fn *);
extern void blk_queue_rq_timed_out(struct request_queue *, rq_timed_out_fn *);
extern void blk_queue_rq_timeout(struct request_queue *, unsigned int);
extern void blk_queue_flush(struct request_queue *q, unsigned int flush);
extern void blk_queue_flush_queueable(struct request_queue *q, bool queueable);
extern void blk_queue_lld_busy(struct request_queue *q, lld_busy_fn *fn);
extern int blk_queue_init_tags(struct request_queue *, int, struct blk_queue_tag *, int);
extern void blk_queue_free_tags(struct request_queue *);
extern void blk_set_default_limits(struct queue_limits *lim);

/* Request dispatch and completion, called with the queue lock held where the name starts with __. */
extern struct request *blk_peek_request(struct request_queue *q);
extern void blk_start_request(struct request *rq);
extern struct request *blk_fetch_request(struct request_queue *q);
extern bool blk_end_request(struct request *rq, int error, unsigned int nr_bytes);
extern void blk_end_request_all(struct request *rq, int error);
extern bool blk_end_request_cur(struct request *rq, int error);
extern bool blk_end_request_err(struct request *rq, int error);
extern bool __blk_end_request(struct request *rq, int error, unsigned int nr_bytes);
extern void __blk_end_request_all(struct request *rq, int error);
extern bool __blk_end_request_cur(struct request *rq, int error);
extern bool __blk_end_request_err(struct request *rq, int error);
extern void blk_complete_request(struct request *);
extern void blk_requeue_request(struct request_queue *, struct request *);
extern void blk_stop_queue(struct request_queue *q);
extern void blk_start_queue(struct request_queue *q);
extern void blk_sync_queue(struct request_queue *q);
extern void __blk_stop_queue(struct request_queue *q);
extern void __blk_run_queue(struct request_queue *q);
extern void blk_run_queue(struct request_queue *);
extern void blk_run_queue_async(struct request_queue *q);
extern void blk_delay_queue(struct request_queue *, unsigned long);
extern struct request *blk_get_request(struct request_queue *, int, gfp_t);
extern void blk_put_request(struct request *);
extern void __blk_put_request(struct request_queue *, struct request *);
extern int blk_execute_rq(struct request_queue *, struct gendisk *, struct request *, int);
extern void blk_execute_rq_nowait(struct request_queue *, struct gendisk *, struct request *, int,
				  rq_end_io_fn *);
extern int blk_rq_map_sg(struct request_queue *, struct request *, struct scatterlist *);
extern void blk_dump_rq_flags(struct request *, char *);
extern long nr_blockdev_pages(void);
extern void blk_queue_bio(struct request_queue *q, struct bio *bio);
extern int blk_lld_busy(struct request_queue *q);
extern int blkdev_issue_flush(struct block_device *, gfp_t, sector_t *);

static inline sector_t blk_rq_pos(const struct request *rq)
{
	return rq->__sector;
}

static inline unsigned int blk_rq_bytes(const struct request *rq)
{
	return rq->__data_len;
}

extern unsigned int blk_rq_cur_bytes(const struct request *rq);

static inline unsigned int blk_rq_sectors(const struct request *rq)
{
	return blk_rq_bytes(rq) >> 9;
}

static inline unsigned int blk_rq_cur_sectors(const struct request *rq)
{
	return blk_rq_cur_bytes(rq) >> 9;
}

static inline unsigned short queue_logical_block_size(struct request_queue *q)
{
	return q->limits.logical_block_size;
}

static inline unsigned int queue_max_hw_sectors(struct request_queue *q)
{
	return q->limits.max_hw_sectors;
}

static inline struct request_queue *bdev_get_queue(struct block_device *bdev)
{
	return bdev->bd_disk->queue;
}

struct blk_plug {
	struct list_head list;
	struct list_head mq_list;
	struct list_head cb_list;
};

extern void blk_start_plug(struct blk_plug *);
extern void blk_finish_plug(struct blk_plug *);

struct block_device_operations {
	int (*open)(struct block_device *, fmode_t);
	void (*release)(struct gendisk *, fmode_t);
	int (*rw_page)(struct block_device *, sector_t, struct page *, int rw);
	int (*ioctl)(struct block_device *, fmode_t, unsigned, unsigned long);
	int (*compat_ioctl)(struct block_device *, fmode_t, unsigned, unsigned long);
	long (*direct_access)(struct block_device *, sector_t, void **, unsigned long *pfn, long size);
	unsigned int (*check_events)(struct gendisk *disk, unsigned int clearing);
	int (*media_changed)(struct gendisk *);
	void (*unlock_native_capacity)(struct gendisk *);
	int (*revalidate_disk)(struct gendisk *);
	int (*getgeo)(struct block_device *, struct hd_geometry *);
	void (*swap_slot_free_notify)(struct block_device *, unsigned long);
	struct module *owner;
};

extern int __blkdev_driver_ioctl(struct block_device *, fmode_t, unsigned int, unsigned long);
extern int bdev_read_page(struct block_device *, sector_t, struct page *);
extern int bdev_write_page(struct block_device *, sector_t, struct page *, struct writeback_control *);
extern int blkdev_ioctl(struct block_device *, fmode_t, unsigned, unsigned long);
extern int revalidate_disk(struct gendisk *);

#define MODULE_ALIAS_BLOCKDEV(major, minor) extern int __whoop_modinfo_unused
#define MODULE_ALIAS_BLOCKDEV_MAJOR(major) extern int __whoop_modinfo_unused

#endif /* _WHOOP_LINUX_BLKDEV_H */
