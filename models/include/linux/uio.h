/* whoop model: linux/uio.h - I/O vectors and iov_iter. */
#ifndef _WHOOP_LINUX_UIO_H
#define _WHOOP_LINUX_UIO_H

#include <linux/kernel.h>
#include <linux/compiler.h>
#include <linux/types.h>

struct page;
struct bio_vec;

struct iovec {
	void __user *iov_base;
	__kernel_size_t iov_len;
};

struct kvec {
	void *iov_base;
	size_t iov_len;
};

enum {
	ITER_IOVEC = 0,
	ITER_KVEC = 2,
	ITER_BVEC = 4,
};

struct iov_iter {
	int type;
	size_t iov_offset;
	size_t count;
	union {
		const struct iovec *iov;
		const struct kvec *kvec;
		const struct bio_vec *bvec;
	};
	unsigned long nr_segs;
};

#define UIO_FASTIOV 8
#define UIO_MAXIOV 1024

static inline size_t iov_length(const struct iovec *iov, unsigned long nr_segs)
{
	unsigned long seg;
	size_t ret = 0;

	for (seg = 0; seg < nr_segs; seg++)
		ret += iov[seg].iov_len;
	return ret;
}

static inline size_t iov_iter_count(struct iov_iter *i)
{
	return i->count;
}

extern size_t copy_page_to_iter(struct page *page, size_t offset, size_t bytes, struct iov_iter *i);
extern size_t copy_page_from_iter(struct page *page, size_t offset, size_t bytes, struct iov_iter *i);
extern size_t copy_to_iter(void *addr, size_t bytes, struct iov_iter *i);
extern size_t copy_from_iter(void *addr, size_t bytes, struct iov_iter *i);
extern void iov_iter_advance(struct iov_iter *i, size_t bytes);
extern void iov_iter_init(struct iov_iter *i, int direction, const struct iovec *iov,
			  unsigned long nr_segs, size_t count);
extern int memcpy_fromiovec(unsigned char *kdata, struct iovec *iov, int len);
extern int memcpy_toiovec(struct iovec *iov, unsigned char *kdata, int len);

#endif /* _WHOOP_LINUX_UIO_H */
