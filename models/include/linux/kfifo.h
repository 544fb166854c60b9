/* whoop model: linux/kfifo.h - the kernel's generic FIFO (byte fifos; _locked forms take the spinlock). */
#ifndef _WHOOP_LINUX_KFIFO_H
#define _WHOOP_LINUX_KFIFO_H

#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/stddef.h>
#include <linux/scatterlist.h>

struct __kfifo {
	unsigned int in;
	unsigned int out;
	unsigned int mask;
	unsigned int esize;
	void *data;
};

#define __STRUCT_KFIFO_COMMON(datatype, recsize, ptrtype) \
	union { \
		struct __kfifo kfifo; \
		datatype *type; \
		const datatype *const_type; \
		char (*rectype)[recsize]; \
		ptrtype *ptr; \
		ptrtype const *ptr_const; \
	}

#define __STRUCT_KFIFO(type, size, recsize, ptrtype) \
{ \
	__STRUCT_KFIFO_COMMON(type, recsize, ptrtype); \
	type buf[((size < 2) || (size & (size - 1))) ? -1 : size]; \
}

#define STRUCT_KFIFO(type, size) struct __STRUCT_KFIFO(type, size, 0, type)

#define __STRUCT_KFIFO_PTR(type, recsize, ptrtype) \
{ \
	__STRUCT_KFIFO_COMMON(type, recsize, ptrtype); \
	type buf[0]; \
}

#define STRUCT_KFIFO_PTR(type) struct __STRUCT_KFIFO_PTR(type, 0, type)

struct kfifo __STRUCT_KFIFO_PTR(unsigned char, 0, void);

#define STRUCT_KFIFO_REC_1(size) struct __STRUCT_KFIFO(unsigned char, size, 1, void)
#define STRUCT_KFIFO_REC_2(size) struct __STRUCT_KFIFO(unsigned char, size, 2, void)
struct kfifo_rec_ptr_1 __STRUCT_KFIFO_PTR(unsigned char, 1, void);
struct kfifo_rec_ptr_2 __STRUCT_KFIFO_PTR(unsigned char, 2, void);

#define __is_kfifo_ptr(fifo) (sizeof(*fifo) == sizeof(STRUCT_KFIFO_PTR(__typeof__(*(fifo)->type))))

#define DECLARE_KFIFO_PTR(fifo, type) STRUCT_KFIFO_PTR(type) fifo
#define DECLARE_KFIFO(fifo, type, size) STRUCT_KFIFO(type, size) fifo
#define INIT_KFIFO(fifo) \
	(void)({ \
		__typeof__(&(fifo)) __tmp = &(fifo); \
		struct __kfifo *__kfifo = &__tmp->kfifo; \
		__kfifo->in = 0; \
		__kfifo->out = 0; \
		__kfifo->mask = __is_kfifo_ptr(__tmp) ? 0 : ARRAY_SIZE(__tmp->buf) - 1; \
		__kfifo->esize = sizeof(*__tmp->buf); \
		__kfifo->data = __is_kfifo_ptr(__tmp) ? NULL : __tmp->buf; \
	})
#define DEFINE_KFIFO(fifo, type, size) \
	DECLARE_KFIFO(fifo, type, size) = \
	(__typeof__(fifo)) { \
		{ \
			{ \
			.in = 0, \
			.out = 0, \
			.mask = __is_kfifo_ptr(&(fifo)) ? 0 : ARRAY_SIZE((fifo).buf) - 1, \
			.esize = sizeof(*(fifo).buf), \
			.data = __is_kfifo_ptr(&(fifo)) ? NULL : (fifo).buf, \
			} \
		} \
	}

/* The out-of-line workers (lib/kfifo.c). */
extern int __kfifo_alloc(struct __kfifo *fifo, unsigned int size, size_t esize, gfp_t gfp_mask);
extern void __kfifo_free(struct __kfifo *fifo);
extern int __kfifo_init(struct __kfifo *fifo, void *buffer, unsigned int size, size_t esize);
extern unsigned int __kfifo_in(struct __kfifo *fifo, const void *buf, unsigned int len);
extern unsigned int __kfifo_out(struct __kfifo *fifo, void *buf, unsigned int len);
extern unsigned int __kfifo_out_peek(struct __kfifo *fifo, void *buf, unsigned int len);
extern int __kfifo_from_user(struct __kfifo *fifo, const void __user *from, unsigned long len,
			     unsigned int *copied);
extern int __kfifo_to_user(struct __kfifo *fifo, void __user *to, unsigned long len, unsigned int *copied);
extern unsigned int __kfifo_max_r(unsigned int len, size_t recsize);

/*
 * The kernel spells these as type-generic macros; here they work on the
 * embedded struct __kfifo. Index reads and the reset are plain accesses
 * to the fifo, as in the kernel.
 */
#define kfifo_initialized(fifo) ((fifo)->kfifo.mask)
#define kfifo_esize(fifo) ((fifo)->kfifo.esize)
#define kfifo_recsize(fifo) (sizeof(*(fifo)->rectype))
#define kfifo_size(fifo) ((fifo)->kfifo.mask + 1)
#define kfifo_reset(fifo) \
	(void)({ \
		__typeof__((fifo) + 1) __tmp = (fifo); \
		__tmp->kfifo.in = __tmp->kfifo.out = 0; \
	})
#define kfifo_reset_out(fifo) \
	(void)({ \
		__typeof__((fifo) + 1) __tmp = (fifo); \
		__tmp->kfifo.out = __tmp->kfifo.in; \
	})
#define kfifo_len(fifo) \
	({ \
		__typeof__((fifo) + 1) __tmpl = (fifo); \
		__tmpl->kfifo.in - __tmpl->kfifo.out; \
	})
#define kfifo_is_empty(fifo) \
	({ \
		__typeof__((fifo) + 1) __tmpq = (fifo); \
		__tmpq->kfifo.in == __tmpq->kfifo.out; \
	})
#define kfifo_is_full(fifo) \
	({ \
		__typeof__((fifo) + 1) __tmpq = (fifo); \
		kfifo_len(__tmpq) > __tmpq->kfifo.mask; \
	})
#define kfifo_avail(fifo) \
	({ \
		__typeof__((fifo) + 1) __tmpq = (fifo); \
		kfifo_size(__tmpq) - kfifo_len(__tmpq); \
	})

#define kfifo_alloc(fifo, size, gfp_mask) __kfifo_alloc(&(fifo)->kfifo, size, sizeof(*(fifo)->type), gfp_mask)
#define kfifo_free(fifo) __kfifo_free(&(fifo)->kfifo)
#define kfifo_init(fifo, buffer, size) __kfifo_init(&(fifo)->kfifo, buffer, size, sizeof(*(fifo)->type))
#define kfifo_in(fifo, buf, n) __kfifo_in(&(fifo)->kfifo, (buf), (n))
#define kfifo_out(fifo, buf, n) __kfifo_out(&(fifo)->kfifo, (buf), (n))
#define kfifo_out_peek(fifo, buf, n) __kfifo_out_peek(&(fifo)->kfifo, (buf), (n))
#define kfifo_from_user(fifo, from, len, copied) __kfifo_from_user(&(fifo)->kfifo, from, len, copied)
#define kfifo_to_user(fifo, to, len, copied) __kfifo_to_user(&(fifo)->kfifo, to, len, copied)
#define kfifo_put(fifo, val) ({ __typeof__(*(fifo)->type) __val = (val); __kfifo_in(&(fifo)->kfifo, &__val, 1); })
#define kfifo_get(fifo, val) __kfifo_out(&(fifo)->kfifo, (val), 1)
#define kfifo_peek(fifo, val) __kfifo_out_peek(&(fifo)->kfifo, (val), 1)

/* The _locked forms take and release the caller's spinlock around the copy, as in the kernel. */
#define kfifo_in_spinlocked(fifo, buf, n, lock) \
	({ \
		unsigned long __flags; \
		unsigned int __ret; \
		spin_lock_irqsave(lock, __flags); \
		__ret = kfifo_in(fifo, buf, n); \
		spin_unlock_irqrestore(lock, __flags); \
		__ret; \
	})
#define kfifo_in_locked(fifo, buf, n, lock) kfifo_in_spinlocked(fifo, buf, n, lock)
#define kfifo_out_spinlocked(fifo, buf, n, lock) \
	({ \
		unsigned long __flags; \
		unsigned int __ret; \
		spin_lock_irqsave(lock, __flags); \
		__ret = kfifo_out(fifo, buf, n); \
		spin_unlock_irqrestore(lock, __flags); \
		__ret; \
	})
#define kfifo_out_locked(fifo, buf, n, lock) kfifo_out_spinlocked(fifo, buf, n, lock)

#endif /* _WHOOP_LINUX_KFIFO_H */
