/* whoop model: linux/bio.h - bio iteration and completion. */
#ifndef _WHOOP_LINUX_BIO_H
#define _WHOOP_LINUX_BIO_H

#include <linux/highmem.h>
#include <linux/mempool.h>
#include <linux/ioprio.h>
#include <linux/bug.h>
#include <linux/blk_types.h>

#define BIO_MAX_PAGES 256
#define BIO_MAX_SIZE (BIO_MAX_PAGES << PAGE_CACHE_SHIFT)
#define BIO_MAX_SECTORS (BIO_MAX_SIZE >> 9)

#define bio_iter_iovec(bio, iter) ((bio)->bi_io_vec[(iter).bi_idx])
#define bio_sectors(bio) ((bio)->bi_iter.bi_size >> 9)
#define bio_end_sector(bio) ((bio)->bi_iter.bi_sector + bio_sectors((bio)))
#define bio_data_dir(bio) ((bio)->bi_rw & 1)
#define bio_page(bio) ((bio)->bi_io_vec[(bio)->bi_iter.bi_idx].bv_page)
#define bio_offset(bio) ((bio)->bi_io_vec[(bio)->bi_iter.bi_idx].bv_offset)

extern void bio_advance_iter(struct bio *bio, struct bvec_iter *iter, unsigned bytes);

/* Each step copies the current vector out of the bio, as the kernel's iterator does. */
#define __bio_for_each_segment(bvl, bio, iter, start) \
	for (iter = (start); \
	     (iter).bi_size && ((bvl = bio_iter_iovec((bio), (iter))), 1); \
	     bio_advance_iter((bio), &(iter), (bvl).bv_len))
#define bio_for_each_segment(bvl, bio, iter) __bio_for_each_segment(bvl, bio, iter, (bio)->bi_iter)

static inline void *bio_data(struct bio *bio)
{
	return page_address(bio_page(bio)) + bio_offset(bio);
}

extern struct bio *bio_alloc_bioset(gfp_t, int, struct bio_set *);
extern struct bio *bio_alloc(gfp_t gfp_mask, unsigned int nr_iovecs);
extern struct bio *bio_kmalloc(gfp_t gfp_mask, unsigned int nr_iovecs);
extern void bio_put(struct bio *);
extern void bio_get(struct bio *);
extern void bio_endio(struct bio *, int);
extern int bio_add_page(struct bio *, struct page *, unsigned int, unsigned int);
extern void bio_init(struct bio *);
extern void bio_reset(struct bio *);
extern void zero_fill_bio(struct bio *bio);
extern void generic_make_request(struct bio *bio);
extern void submit_bio(int rw, struct bio *bio);
extern int submit_bio_wait(int rw, struct bio *bio);

/* A FIFO of bios chained through bi_next (the driver's own queue). */
struct bio_list {
	struct bio *head;
	struct bio *tail;
};

static inline int bio_list_empty(const struct bio_list *bl)
{
	return bl->head == NULL;
}

static inline void bio_list_init(struct bio_list *bl)
{
	bl->head = NULL;
	bl->tail = NULL;
}

static inline void bio_list_add(struct bio_list *bl, struct bio *bio)
{
	bio->bi_next = NULL;
	if (bl->tail)
		bl->tail->bi_next = bio;
	else
		bl->head = bio;
	bl->tail = bio;
}

static inline struct bio *bio_list_peek(struct bio_list *bl)
{
	return bl->head;
}

static inline struct bio *bio_list_pop(struct bio_list *bl)
{
	struct bio *bio = bl->head;

	if (bio) {
		bl->head = bl->head->bi_next;
		if (!bl->head)
			bl->tail = NULL;
		bio->bi_next = NULL;
	}
	return bio;
}

#endif /* _WHOOP_LINUX_BIO_H */
