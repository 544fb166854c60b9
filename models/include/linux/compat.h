/* whoop model: linux/compat.h - 32-bit compatibility types (CONFIG_COMPAT is off). */
#ifndef _WHOOP_LINUX_COMPAT_H
#define _WHOOP_LINUX_COMPAT_H

#include <linux/types.h>

typedef u32 compat_uptr_t;
typedef s32 compat_int_t;
typedef u32 compat_uint_t;
typedef s32 compat_long_t;
typedef u32 compat_ulong_t;

static inline void __user *compat_ptr(compat_uptr_t uptr)
{
	return (void __user *)(unsigned long)uptr;
}

static inline compat_uptr_t ptr_to_compat(void __user *uptr)
{
	return (u32)(unsigned long)uptr;
}

#endif /* _WHOOP_LINUX_COMPAT_H */
