/* whoop model: linux/scatterlist.h - scatter-gather lists. */
#ifndef _WHOOP_LINUX_SCATTERLIST_H
#define _WHOOP_LINUX_SCATTERLIST_H

#include <linux/string.h>
#include <linux/bug.h>
#include <linux/mm.h>
#include <asm/io.h>

struct scatterlist {
	unsigned long page_link;
	unsigned int offset;
	unsigned int length;
	dma_addr_t dma_address;
	unsigned int dma_length;
};

struct sg_table {
	struct scatterlist *sgl;
	unsigned int nents;
	unsigned int orig_nents;
};

#define sg_dma_address(sg) ((sg)->dma_address)
#define sg_dma_len(sg) ((sg)->dma_length)
#define sg_is_chain(sg) ((sg)->page_link & 0x01)
#define sg_is_last(sg) ((sg)->page_link & 0x02)
#define sg_chain_ptr(sg) ((struct scatterlist *)((sg)->page_link & ~0x03))

extern struct page *sg_page(struct scatterlist *sg);
extern void sg_set_page(struct scatterlist *sg, struct page *page, unsigned int len, unsigned int offset);
extern void sg_set_buf(struct scatterlist *sg, const void *buf, unsigned int buflen);
extern void sg_mark_end(struct scatterlist *sg);
extern void sg_init_table(struct scatterlist *, unsigned int);
extern void sg_init_one(struct scatterlist *, const void *, unsigned int);
extern struct scatterlist *sg_next(struct scatterlist *);
extern int sg_nents(struct scatterlist *sg);
extern void *sg_virt(struct scatterlist *sg);
extern phys_addr_t sg_phys(struct scatterlist *sg);
extern int sg_alloc_table(struct sg_table *, unsigned int, gfp_t);
extern void sg_free_table(struct sg_table *);
extern size_t sg_copy_from_buffer(struct scatterlist *sgl, unsigned int nents, const void *buf, size_t buflen);
extern size_t sg_copy_to_buffer(struct scatterlist *sgl, unsigned int nents, void *buf, size_t buflen);

#define for_each_sg(sglist, sg, nr, __i) \
	for (__i = 0, sg = (sglist); __i < (nr); __i++, sg = sg_next(sg))

#endif /* _WHOOP_LINUX_SCATTERLIST_H */
