/* whoop model: linux/err.h - error values encoded in pointers. */
#ifndef _WHOOP_LINUX_ERR_H
#define _WHOOP_LINUX_ERR_H

#include <linux/compiler.h>
#include <linux/types.h>
#include <linux/errno.h>

#define MAX_ERRNO 4095

#define IS_ERR_VALUE(x) unlikely((unsigned long)(x) >= (unsigned long)-MAX_ERRNO)

static inline void *__must_check ERR_PTR(long error)
{
	return (void *)error;
}

/* A table helper (models/helpers.go): the errno, no pointer. */
extern long __must_check PTR_ERR(const void *ptr);

static inline bool __must_check IS_ERR(const void *ptr)
{
	return IS_ERR_VALUE((unsigned long)ptr);
}

static inline bool __must_check IS_ERR_OR_NULL(const void *ptr)
{
	return !ptr || IS_ERR_VALUE((unsigned long)ptr);
}

static inline void *__must_check ERR_CAST(const void *ptr)
{
	return (void *)ptr;
}

static inline int __must_check PTR_ERR_OR_ZERO(const void *ptr)
{
	if (IS_ERR(ptr))
		return PTR_ERR(ptr);
	return 0;
}
#define PTR_RET(p) PTR_ERR_OR_ZERO(p)

#endif /* _WHOOP_LINUX_ERR_H */
