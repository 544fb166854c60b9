/* whoop model: linux/math64.h - 64-bit division helpers and do_div. */
#ifndef _WHOOP_LINUX_MATH64_H
#define _WHOOP_LINUX_MATH64_H

#include <linux/types.h>
#include <asm/div64.h>

static inline u64 div_u64_rem(u64 dividend, u32 divisor, u32 *remainder)
{
	*remainder = dividend % divisor;
	return dividend / divisor;
}

static inline s64 div_s64_rem(s64 dividend, s32 divisor, s32 *remainder)
{
	*remainder = dividend % divisor;
	return dividend / divisor;
}

static inline u64 div64_u64_rem(u64 dividend, u64 divisor, u64 *remainder)
{
	*remainder = dividend % divisor;
	return dividend / divisor;
}

static inline u64 div64_u64(u64 dividend, u64 divisor)
{
	return dividend / divisor;
}

static inline s64 div64_s64(s64 dividend, s64 divisor)
{
	return dividend / divisor;
}

static inline u64 div_u64(u64 dividend, u32 divisor)
{
	return dividend / divisor;
}

static inline s64 div_s64(s64 dividend, s32 divisor)
{
	return dividend / divisor;
}

#define div64_ul(x, y) div64_u64((x), (y))
#define div64_long(x, y) div64_s64((x), (y))

#endif /* _WHOOP_LINUX_MATH64_H */
