/* whoop model: asm/idals.h - s390 indirect data address lists: idal_buffer, a data area the
 * channel reads or writes in page-sized chunks. Modelled as one chunk (data[0]) so that the
 * driver's accesses to the buffer and its copies to and from user space stay visible. */
#ifndef _WHOOP_ASM_IDALS_H
#define _WHOOP_ASM_IDALS_H

#include <linux/types.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <asm/cio.h>

#define IDA_SIZE_LOG 12
#define IDA_BLOCK_SIZE (1L << IDA_SIZE_LOG)

struct idal_buffer {
	size_t size;
	size_t page_order;
	void *data[1];
};

static inline struct idal_buffer *idal_buffer_alloc(size_t size, int page_order)
{
	struct idal_buffer *ib;

	ib = kmalloc(sizeof(*ib), GFP_DMA | GFP_KERNEL);
	if (ib == NULL)
		return ERR_PTR(-ENOMEM);
	ib->size = size;
	ib->page_order = page_order;
	ib->data[0] = kmalloc(size, GFP_DMA | GFP_KERNEL);
	if (ib->data[0] == NULL) {
		kfree(ib);
		return ERR_PTR(-ENOMEM);
	}
	return ib;
}

static inline void idal_buffer_free(struct idal_buffer *ib)
{
	kfree(ib->data[0]);
	kfree(ib);
}

static inline size_t idal_buffer_to_user(struct idal_buffer *ib, void __user *to, size_t count)
{
	return copy_to_user(to, ib->data[0], count);
}

static inline size_t idal_buffer_from_user(struct idal_buffer *ib, const void __user *from, size_t count)
{
	return copy_from_user(ib->data[0], from, count);
}

#endif
