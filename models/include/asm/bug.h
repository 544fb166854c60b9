/* whoop model: asm/bug.h - BUG, BUG_ON and WARN (asm-generic forms). */
#ifndef _WHOOP_ASM_BUG_H
#define _WHOOP_ASM_BUG_H

#include <linux/compiler.h>

/* A BUG() ends the thread of execution: whoop treats it as unreachable. */
extern void __whoop_bug(void) __attribute__((__noreturn__));
#define BUG() __whoop_bug()
#define HAVE_ARCH_BUG
#define BUG_ON(condition) do { if (unlikely(condition)) BUG(); } while (0)

extern __printf(3, 4) void warn_slowpath_fmt(const char *file, const int line, const char *fmt, ...);
extern void warn_slowpath_null(const char *file, const int line);

#define __WARN() warn_slowpath_null(__FILE__, __LINE__)
#define __WARN_printf(arg, ...) warn_slowpath_fmt(__FILE__, __LINE__, arg, ##__VA_ARGS__)

#define WARN_ON(condition) ({ \
	int __ret_warn_on = !!(condition); \
	if (unlikely(__ret_warn_on)) \
		__WARN(); \
	unlikely(__ret_warn_on); \
})

#define WARN(condition, format, ...) ({ \
	int __ret_warn_on = !!(condition); \
	if (unlikely(__ret_warn_on)) \
		__WARN_printf(format, ##__VA_ARGS__); \
	unlikely(__ret_warn_on); \
})

#define WARN_TAINT(condition, taint, format, ...) WARN(condition, format, ##__VA_ARGS__)
/* The kernel's once-only flag is a static variable; it is left out so it is not reported as shared state. */
#define WARN_ON_ONCE(condition) WARN_ON(condition)
#define WARN_ONCE(condition, format, ...) WARN(condition, format, ##__VA_ARGS__)
#define WARN_TAINT_ONCE(condition, taint, format, ...) WARN(condition, format, ##__VA_ARGS__)
#define WARN_ON_SMP(x) WARN_ON(x)

#endif /* _WHOOP_ASM_BUG_H */
