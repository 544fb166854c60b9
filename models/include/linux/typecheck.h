/* whoop model: linux/typecheck.h - compile-time type checks. */
#ifndef _WHOOP_LINUX_TYPECHECK_H
#define _WHOOP_LINUX_TYPECHECK_H

#define typecheck(type, x) \
	({ type __dummy; \
	   __typeof__(x) __dummy2; \
	   (void)(&__dummy == &__dummy2); \
	   1; })

#define typecheck_fn(type, function) \
	({ __typeof__(type) __tmp = function; \
	   (void)__tmp; })

#endif /* _WHOOP_LINUX_TYPECHECK_H */
