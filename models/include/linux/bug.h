/* whoop model: linux/bug.h - run-time and build-time assertions. */
#ifndef _WHOOP_LINUX_BUG_H
#define _WHOOP_LINUX_BUG_H

#include <asm/bug.h>
#include <linux/compiler.h>

#define BUILD_BUG_ON_NOT_POWER_OF_2(n) BUILD_BUG_ON((n) == 0 || (((n) & ((n) - 1)) != 0))
#define BUILD_BUG_ON_ZERO(e) (sizeof(struct { int:-!!(e); }))
#define BUILD_BUG_ON_NULL(e) ((void *)sizeof(struct { int:-!!(e); }))
#define BUILD_BUG_ON_INVALID(e) ((void)(sizeof((long)(e))))
#define BUILD_BUG_ON_MSG(cond, msg) BUILD_BUG_ON(cond)
#define BUILD_BUG_ON(condition) ((void)sizeof(char[1 - 2 * !!(condition)]))
#define BUILD_BUG() do { } while (0)
#define MAYBE_BUILD_BUG_ON(cond) BUILD_BUG_ON_INVALID(cond)

#endif /* _WHOOP_LINUX_BUG_H */
