/* whoop model: linux/blk_types.h - struct bio and request flag bits. */
#ifndef _WHOOP_LINUX_BLK_TYPES_H
#define _WHOOP_LINUX_BLK_TYPES_H

#include <linux/types.h>

struct bio_set;
struct bio;
struct bio_integrity_payload;
struct page;
struct block_device;
struct io_context;
struct cgroup_subsys_state;

typedef void (bio_end_io_t)(struct bio *, int);
typedef void (bio_destructor_t)(struct bio *);

struct bio_vec {
	struct page *bv_page;
	unsigned int bv_len;
	unsigned int bv_offset;
};

struct bvec_iter {
	sector_t bi_sector;
	unsigned int bi_size;
	unsigned int bi_idx;
	unsigned int bi_bvec_done;
};

struct bio {
	struct bio *bi_next;
	struct block_device *bi_bdev;
	unsigned long bi_flags;
	unsigned long bi_rw;
	struct bvec_iter bi_iter;
	unsigned int bi_phys_segments;
	unsigned int bi_seg_front_size;
	unsigned int bi_seg_back_size;
	atomic_t bi_remaining;
	bio_end_io_t *bi_end_io;
	void *bi_private;
	unsigned short bi_vcnt;
	unsigned short bi_max_vecs;
	atomic_t bi_cnt;
	struct bio_vec *bi_io_vec;
	struct bio_set *bi_pool;
	struct bio_vec bi_inline_vecs[0];
};

#define BIO_UPTODATE 0
#define BIO_RW_BLOCK 1
#define BIO_EOF 2
#define BIO_SEG_VALID 3
#define BIO_CLONED 4
#define BIO_BOUNCED 5
#define BIO_USER_MAPPED 6
#define BIO_EOPNOTSUPP 7
#define BIO_NULL_MAPPED 8
#define BIO_QUIET 9
#define BIO_SNAP_STABLE 10
#define bio_flagged(bio, flag) ((bio)->bi_flags & (1 << (flag)))

enum rq_flag_bits {
	__REQ_WRITE,
	__REQ_FAILFAST_DEV,
	__REQ_FAILFAST_TRANSPORT,
	__REQ_FAILFAST_DRIVER,
	__REQ_SYNC,
	__REQ_META,
	__REQ_PRIO,
	__REQ_DISCARD,
	__REQ_SECURE,
	__REQ_WRITE_SAME,
	__REQ_NOIDLE,
	__REQ_INTEGRITY,
	__REQ_FUA,
	__REQ_FLUSH,
	__REQ_RAHEAD,
	__REQ_THROTTLED,
	__REQ_SORTED,
	__REQ_SOFTBARRIER,
	__REQ_NOMERGE,
	__REQ_STARTED,
	__REQ_DONTPREP,
	__REQ_QUEUED,
	__REQ_ELVPRIV,
	__REQ_FAILED,
	__REQ_QUIET,
	__REQ_PREEMPT,
	__REQ_ALLOCED,
	__REQ_COPY_USER,
	__REQ_FLUSH_SEQ,
	__REQ_IO_STAT,
	__REQ_MIXED_MERGE,
	__REQ_PM,
	__REQ_HASHED,
	__REQ_MQ_INFLIGHT,
	__REQ_NR_BITS,
};

#define REQ_WRITE (1ULL << __REQ_WRITE)
#define REQ_FAILFAST_DEV (1ULL << __REQ_FAILFAST_DEV)
#define REQ_FAILFAST_TRANSPORT (1ULL << __REQ_FAILFAST_TRANSPORT)
#define REQ_FAILFAST_DRIVER (1ULL << __REQ_FAILFAST_DRIVER)
#define REQ_SYNC (1ULL << __REQ_SYNC)
#define REQ_META (1ULL << __REQ_META)
#define REQ_PRIO (1ULL << __REQ_PRIO)
#define REQ_DISCARD (1ULL << __REQ_DISCARD)
#define REQ_WRITE_SAME (1ULL << __REQ_WRITE_SAME)
#define REQ_NOIDLE (1ULL << __REQ_NOIDLE)
#define REQ_INTEGRITY (1ULL << __REQ_INTEGRITY)
#define REQ_FAILFAST_MASK (REQ_FAILFAST_DEV | REQ_FAILFAST_TRANSPORT | REQ_FAILFAST_DRIVER)
#define REQ_RAHEAD (1ULL << __REQ_RAHEAD)
#define REQ_THROTTLED (1ULL << __REQ_THROTTLED)
#define REQ_SORTED (1ULL << __REQ_SORTED)
#define REQ_SOFTBARRIER (1ULL << __REQ_SOFTBARRIER)
#define REQ_FUA (1ULL << __REQ_FUA)
#define REQ_NOMERGE (1ULL << __REQ_NOMERGE)
#define REQ_STARTED (1ULL << __REQ_STARTED)
#define REQ_DONTPREP (1ULL << __REQ_DONTPREP)
#define REQ_QUEUED (1ULL << __REQ_QUEUED)
#define REQ_ELVPRIV (1ULL << __REQ_ELVPRIV)
#define REQ_FAILED (1ULL << __REQ_FAILED)
#define REQ_QUIET (1ULL << __REQ_QUIET)
#define REQ_PREEMPT (1ULL << __REQ_PREEMPT)
#define REQ_ALLOCED (1ULL << __REQ_ALLOCED)
#define REQ_COPY_USER (1ULL << __REQ_COPY_USER)
#define REQ_FLUSH (1ULL << __REQ_FLUSH)
#define REQ_FLUSH_SEQ (1ULL << __REQ_FLUSH_SEQ)
#define REQ_IO_STAT (1ULL << __REQ_IO_STAT)
#define REQ_MIXED_MERGE (1ULL << __REQ_MIXED_MERGE)
#define REQ_SECURE (1ULL << __REQ_SECURE)
#define REQ_PM (1ULL << __REQ_PM)
#define REQ_HASHED (1ULL << __REQ_HASHED)
#define REQ_MQ_INFLIGHT (1ULL << __REQ_MQ_INFLIGHT)

#endif /* _WHOOP_LINUX_BLK_TYPES_H */
