/* whoop model: linux/printk.h - printk and the pr_* message macros. */
#ifndef _WHOOP_LINUX_PRINTK_H
#define _WHOOP_LINUX_PRINTK_H

#include <linux/compiler.h>
#include <linux/kern_levels.h>
#include <linux/types.h>
#include <stdarg.h>

extern int console_printk[];
#define console_loglevel (console_printk[0])

extern __printf(1, 2) __cold int printk(const char *fmt, ...);
extern __printf(1, 0) int vprintk(const char *fmt, va_list args);
extern __printf(1, 2) __cold int printk_deferred(const char *fmt, ...);
extern int __printk_ratelimit(const char *func);
#define printk_ratelimit() __printk_ratelimit(__func__)
extern bool printk_timed_ratelimit(unsigned long *caller_jiffies, unsigned int interval_msec);
extern void dump_stack(void) __cold;

/* Only checks the format; the kernel compiles the call away. */
static inline __printf(1, 2) int no_printk(const char *fmt, ...)
{
	return 0;
}

#ifndef pr_fmt
#define pr_fmt(fmt) fmt
#endif

#define pr_emerg(fmt, ...) printk(KERN_EMERG pr_fmt(fmt), ##__VA_ARGS__)
#define pr_alert(fmt, ...) printk(KERN_ALERT pr_fmt(fmt), ##__VA_ARGS__)
#define pr_crit(fmt, ...) printk(KERN_CRIT pr_fmt(fmt), ##__VA_ARGS__)
#define pr_err(fmt, ...) printk(KERN_ERR pr_fmt(fmt), ##__VA_ARGS__)
#define pr_warning(fmt, ...) printk(KERN_WARNING pr_fmt(fmt), ##__VA_ARGS__)
#define pr_warn pr_warning
#define pr_notice(fmt, ...) printk(KERN_NOTICE pr_fmt(fmt), ##__VA_ARGS__)
#define pr_info(fmt, ...) printk(KERN_INFO pr_fmt(fmt), ##__VA_ARGS__)
#define pr_cont(fmt, ...) printk(KERN_CONT fmt, ##__VA_ARGS__)
#define pr_default(fmt, ...) printk(KERN_DEFAULT pr_fmt(fmt), ##__VA_ARGS__)
/*
 * Debug messages are compiled in (as with DEBUG or dynamic debug) so the
 * reads in their arguments stay visible to the analysis.
 */
#define pr_devel(fmt, ...) printk(KERN_DEBUG pr_fmt(fmt), ##__VA_ARGS__)
#define pr_debug(fmt, ...) printk(KERN_DEBUG pr_fmt(fmt), ##__VA_ARGS__)

#define printk_once(fmt, ...) printk(fmt, ##__VA_ARGS__)
#define printk_deferred_once(fmt, ...) printk_deferred(fmt, ##__VA_ARGS__)
#define pr_emerg_once(fmt, ...) printk(KERN_EMERG pr_fmt(fmt), ##__VA_ARGS__)
#define pr_alert_once(fmt, ...) printk(KERN_ALERT pr_fmt(fmt), ##__VA_ARGS__)
#define pr_crit_once(fmt, ...) printk(KERN_CRIT pr_fmt(fmt), ##__VA_ARGS__)
#define pr_err_once(fmt, ...) printk(KERN_ERR pr_fmt(fmt), ##__VA_ARGS__)
#define pr_warn_once(fmt, ...) printk(KERN_WARNING pr_fmt(fmt), ##__VA_ARGS__)
#define pr_notice_once(fmt, ...) printk(KERN_NOTICE pr_fmt(fmt), ##__VA_ARGS__)
#define pr_info_once(fmt, ...) printk(KERN_INFO pr_fmt(fmt), ##__VA_ARGS__)
#define pr_debug_once(fmt, ...) printk(KERN_DEBUG pr_fmt(fmt), ##__VA_ARGS__)

#define printk_ratelimited(fmt, ...) printk(fmt, ##__VA_ARGS__)
#define pr_emerg_ratelimited(fmt, ...) printk(KERN_EMERG pr_fmt(fmt), ##__VA_ARGS__)
#define pr_alert_ratelimited(fmt, ...) printk(KERN_ALERT pr_fmt(fmt), ##__VA_ARGS__)
#define pr_crit_ratelimited(fmt, ...) printk(KERN_CRIT pr_fmt(fmt), ##__VA_ARGS__)
#define pr_err_ratelimited(fmt, ...) printk(KERN_ERR pr_fmt(fmt), ##__VA_ARGS__)
#define pr_warn_ratelimited(fmt, ...) printk(KERN_WARNING pr_fmt(fmt), ##__VA_ARGS__)
#define pr_notice_ratelimited(fmt, ...) printk(KERN_NOTICE pr_fmt(fmt), ##__VA_ARGS__)
#define pr_info_ratelimited(fmt, ...) printk(KERN_INFO pr_fmt(fmt), ##__VA_ARGS__)
#define pr_debug_ratelimited(fmt, ...) printk(KERN_DEBUG pr_fmt(fmt), ##__VA_ARGS__)

enum {
	DUMP_PREFIX_NONE,
	DUMP_PREFIX_ADDRESS,
	DUMP_PREFIX_OFFSET
};
extern void hex_dump_to_buffer(const void *buf, size_t len, int rowsize, int groupsize,
			       char *linebuf, size_t linebuflen, bool ascii);
extern void print_hex_dump(const char *level, const char *prefix_str, int prefix_type,
			   int rowsize, int groupsize, const void *buf, size_t len, bool ascii);
extern void print_hex_dump_bytes(const char *prefix_str, int prefix_type, const void *buf,
				 size_t len);
#define print_hex_dump_debug(prefix_str, prefix_type, rowsize, groupsize, buf, len, ascii) \
	print_hex_dump(KERN_DEBUG, prefix_str, prefix_type, rowsize, groupsize, buf, len, ascii)

#endif /* _WHOOP_LINUX_PRINTK_H */
