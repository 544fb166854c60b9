/* whoop model: linux/kernel.h - limits, arithmetic helpers, string conversion, panic. */
#ifndef _WHOOP_LINUX_KERNEL_H
#define _WHOOP_LINUX_KERNEL_H

#include <stdarg.h>
#include <linux/linkage.h>
#include <linux/stddef.h>
#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/bitops.h>
#include <linux/log2.h>
#include <linux/typecheck.h>
#include <linux/printk.h>
#include <linux/bug.h>
#include <asm/byteorder.h>

#define USHRT_MAX ((u16)(~0U))
#define SHRT_MAX ((s16)(USHRT_MAX >> 1))
#define SHRT_MIN ((s16)(-SHRT_MAX - 1))
#define INT_MAX ((int)(~0U >> 1))
#define INT_MIN (-INT_MAX - 1)
#define UINT_MAX (~0U)
#define LONG_MAX ((long)(~0UL >> 1))
#define LONG_MIN (-LONG_MAX - 1)
#define ULONG_MAX (~0UL)
#define LLONG_MAX ((long long)(~0ULL >> 1))
#define LLONG_MIN (-LLONG_MAX - 1)
#define ULLONG_MAX (~0ULL)
#define SIZE_MAX (~(size_t)0)

#define U8_MAX ((u8)~0U)
#define S8_MAX ((s8)(U8_MAX >> 1))
#define S8_MIN ((s8)(-S8_MAX - 1))
#define U16_MAX ((u16)~0U)
#define S16_MAX ((s16)(U16_MAX >> 1))
#define S16_MIN ((s16)(-S16_MAX - 1))
#define U32_MAX ((u32)~0U)
#define S32_MAX ((s32)(U32_MAX >> 1))
#define S32_MIN ((s32)(-S32_MAX - 1))
#define U64_MAX ((u64)~0ULL)
#define S64_MAX ((s64)(U64_MAX >> 1))
#define S64_MIN ((s64)(-S64_MAX - 1))

#define STACK_MAGIC 0xdeadbeef

#define REPEAT_BYTE(x) ((~0ul / 0xff) * (x))

#define __ALIGN_KERNEL(x, a) __ALIGN_KERNEL_MASK(x, (__typeof__(x))(a) - 1)
#define __ALIGN_KERNEL_MASK(x, mask) (((x) + (mask)) & ~(mask))
#define ALIGN(x, a) __ALIGN_KERNEL((x), (a))
#define __ALIGN_MASK(x, mask) __ALIGN_KERNEL_MASK((x), (mask))
#define PTR_ALIGN(p, a) ((__typeof__(p))ALIGN((unsigned long)(p), (a)))
#define IS_ALIGNED(x, a) (((x) & ((__typeof__(x))(a) - 1)) == 0)

#define ARRAY_SIZE(arr) (sizeof(arr) / sizeof((arr)[0]))

#define __round_mask(x, y) ((__typeof__(x))((y) - 1))
#define round_up(x, y) ((((x) - 1) | __round_mask(x, y)) + 1)
#define round_down(x, y) ((x) & ~__round_mask(x, y))

#define FIELD_SIZEOF(t, f) (sizeof(((t *)0)->f))
#define DIV_ROUND_UP(n, d) (((n) + (d) - 1) / (d))
#define DIV_ROUND_UP_ULL(ll, d) ({ unsigned long long _tmp = (ll) + (d) - 1; do_div(_tmp, d); _tmp; })
#define roundup(x, y) ({ const __typeof__(y) __y = y; (((x) + (__y - 1)) / __y) * __y; })
#define rounddown(x, y) ({ __typeof__(x) __x = (x); __x - (__x % (y)); })
#define DIV_ROUND_CLOSEST(x, divisor) ({ \
	__typeof__(x) __x = x; \
	__typeof__(divisor) __d = divisor; \
	(((__typeof__(x))-1) > 0 || ((__typeof__(divisor))-1) > 0 || (__x) > 0) ? \
		(((__x) + ((__d) / 2)) / (__d)) : \
		(((__x) - ((__d) / 2)) / (__d)); \
})
#define mult_frac(x, numer, denom) ({ \
	__typeof__(x) quot = (x) / (denom); \
	__typeof__(x) rem = (x) % (denom); \
	(quot * (numer)) + ((rem * (numer)) / (denom)); \
})

#define _RET_IP_ (unsigned long)__builtin_return_address(0)
#define _THIS_IP_ ({ __label__ __here; __here: (unsigned long)&&__here; })

#define upper_32_bits(n) ((u32)(((n) >> 16) >> 16))
#define lower_32_bits(n) ((u32)(n))

struct completion;
struct pt_regs;
struct user;

extern void __might_sleep(const char *file, int line, int preempt_offset);
extern int _cond_resched(void);
#define might_resched() do { } while (0)
#define might_sleep() do { } while (0)
#define might_sleep_if(cond) do { if (cond) might_sleep(); } while (0)
#define might_fault() do { } while (0)
#define sched_annotate_sleep() do { } while (0)

#define abs(x) ({ \
	long ret; \
	if (sizeof(x) == sizeof(long)) { \
		long __x = (x); \
		ret = (__x < 0) ? -__x : __x; \
	} else { \
		int __x = (x); \
		ret = (__x < 0) ? -__x : __x; \
	} \
	ret; \
})
#define abs64(x) ({ s64 __x = (x); (__x < 0) ? -__x : __x; })

extern struct atomic_notifier_head panic_notifier_list;
extern long (*panic_blink)(int state);
extern __printf(1, 2) void panic(const char *fmt, ...) __noreturn __cold;
extern void oops_enter(void);
extern void oops_exit(void);
void print_oops_end_marker(void);
extern int oops_may_print(void);
extern void do_exit(long error_code) __noreturn;
extern void complete_and_exit(struct completion *, long) __noreturn;

/* Helpers whoop's semantics tables name (rule 1): plain extern prototypes. */
extern int __must_check _kstrtoul(const char *s, unsigned int base, unsigned long *res);
extern int __must_check _kstrtol(const char *s, unsigned int base, long *res);
extern int __must_check kstrtoull(const char *s, unsigned int base, unsigned long long *res);
extern int __must_check kstrtoll(const char *s, unsigned int base, long long *res);
extern int __must_check kstrtoul(const char *s, unsigned int base, unsigned long *res);
extern int __must_check kstrtol(const char *s, unsigned int base, long *res);
extern int __must_check kstrtouint(const char *s, unsigned int base, unsigned int *res);
extern int __must_check kstrtoint(const char *s, unsigned int base, int *res);
extern int __must_check kstrtou64(const char *s, unsigned int base, u64 *res);
extern int __must_check kstrtos64(const char *s, unsigned int base, s64 *res);
extern int __must_check kstrtou32(const char *s, unsigned int base, u32 *res);
extern int __must_check kstrtos32(const char *s, unsigned int base, s32 *res);
extern int __must_check kstrtou16(const char *s, unsigned int base, u16 *res);
extern int __must_check kstrtos16(const char *s, unsigned int base, s16 *res);
extern int __must_check kstrtou8(const char *s, unsigned int base, u8 *res);
extern int __must_check kstrtos8(const char *s, unsigned int base, s8 *res);
extern int __must_check kstrtoull_from_user(const char __user *s, size_t count, unsigned int base, unsigned long long *res);
extern int __must_check kstrtoll_from_user(const char __user *s, size_t count, unsigned int base, long long *res);
extern int __must_check kstrtoul_from_user(const char __user *s, size_t count, unsigned int base, unsigned long *res);
extern int __must_check kstrtol_from_user(const char __user *s, size_t count, unsigned int base, long *res);
extern int __must_check kstrtouint_from_user(const char __user *s, size_t count, unsigned int base, unsigned int *res);
extern int __must_check kstrtoint_from_user(const char __user *s, size_t count, unsigned int base, int *res);
extern int __must_check kstrtou8_from_user(const char __user *s, size_t count, unsigned int base, u8 *res);

extern unsigned long simple_strtoul(const char *, char **, unsigned int);
extern long simple_strtol(const char *, char **, unsigned int);
extern unsigned long long simple_strtoull(const char *, char **, unsigned int);
extern long long simple_strtoll(const char *, char **, unsigned int);
#define strict_strtoul kstrtoul
#define strict_strtol kstrtol

extern int num_to_str(char *buf, int size, unsigned long long num);

extern __printf(2, 3) int sprintf(char *buf, const char *fmt, ...);
extern __printf(2, 0) int vsprintf(char *buf, const char *, va_list);
extern __printf(3, 4) int snprintf(char *buf, size_t size, const char *fmt, ...);
extern __printf(3, 0) int vsnprintf(char *buf, size_t size, const char *fmt, va_list args);
extern __printf(3, 4) int scnprintf(char *buf, size_t size, const char *fmt, ...);
extern __printf(3, 0) int vscnprintf(char *buf, size_t size, const char *fmt, va_list args);
extern __printf(2, 3) char *kasprintf(gfp_t gfp, const char *fmt, ...);
extern char *kvasprintf(gfp_t gfp, const char *fmt, va_list args);
extern __scanf(2, 3) int sscanf(const char *, const char *, ...);
extern __scanf(2, 0) int vsscanf(const char *, const char *, va_list);

extern int get_option(char **str, int *pint);
extern char *get_options(const char *str, int nints, int *ints);
extern unsigned long long memparse(const char *ptr, char **retptr);

extern int core_kernel_text(unsigned long addr);
extern int __kernel_text_address(unsigned long addr);
extern int kernel_text_address(unsigned long addr);
extern int func_ptr_is_kernel_text(void *ptr);

unsigned long int_sqrt(unsigned long);

extern void bust_spinlocks(int yes);
extern int oops_in_progress;
extern int panic_timeout;
extern int panic_on_oops;
extern int sysctl_panic_on_stackoverflow;
extern const char *print_tainted(void);
enum lockdep_ok {
	LOCKDEP_STILL_OK,
	LOCKDEP_NOW_UNRELIABLE
};
extern void add_taint(unsigned flag, enum lockdep_ok);
extern int test_taint(unsigned flag);
extern unsigned long get_taint(void);
extern int root_mountflags;
extern bool early_boot_irqs_disabled;

extern enum system_states {
	SYSTEM_BOOTING,
	SYSTEM_RUNNING,
	SYSTEM_HALT,
	SYSTEM_POWER_OFF,
	SYSTEM_RESTART,
} system_state;

#define TAINT_PROPRIETARY_MODULE 0
#define TAINT_FORCED_MODULE 1
#define TAINT_CPU_OUT_OF_SPEC 2
#define TAINT_FORCED_RMMOD 3
#define TAINT_MACHINE_CHECK 4
#define TAINT_BAD_PAGE 5
#define TAINT_USER 6
#define TAINT_DIE 7
#define TAINT_OVERRIDDEN_ACPI_TABLE 8
#define TAINT_WARN 9
#define TAINT_CRAP 10
#define TAINT_FIRMWARE_WORKAROUND 11
#define TAINT_OOT_MODULE 12
#define TAINT_UNSIGNED_MODULE 13
#define TAINT_SOFTLOCKUP 14

extern const char hex_asc[];
#define hex_asc_lo(x) hex_asc[((x) & 0x0f)]
#define hex_asc_hi(x) hex_asc[((x) & 0xf0) >> 4]
static inline char *hex_byte_pack(char *buf, u8 byte)
{
	*buf++ = hex_asc_hi(byte);
	*buf++ = hex_asc_lo(byte);
	return buf;
}
extern const char hex_asc_upper[];
extern int hex_to_bin(char ch);
extern int __must_check hex2bin(u8 *dst, const char *src, size_t count);
extern char *bin2hex(char *dst, const void *src, size_t count);
bool mac_pton(const char *s, u8 *mac);

#define min(x, y) ({ \
	__typeof__(x) _min1 = (x); \
	__typeof__(y) _min2 = (y); \
	(void)(&_min1 == &_min2); \
	_min1 < _min2 ? _min1 : _min2; })

#define max(x, y) ({ \
	__typeof__(x) _max1 = (x); \
	__typeof__(y) _max2 = (y); \
	(void)(&_max1 == &_max2); \
	_max1 > _max2 ? _max1 : _max2; })

#define min3(x, y, z) min((__typeof__(x))min(x, y), z)
#define max3(x, y, z) max((__typeof__(x))max(x, y), z)

#define min_not_zero(x, y) ({ \
	__typeof__(x) __x = (x); \
	__typeof__(y) __y = (y); \
	__x == 0 ? __y : ((__y == 0) ? __x : min(__x, __y)); })

#define clamp(val, lo, hi) min((__typeof__(val))max(val, lo), hi)

#define min_t(type, x, y) ({ \
	type __min1 = (x); \
	type __min2 = (y); \
	__min1 < __min2 ? __min1 : __min2; })

#define max_t(type, x, y) ({ \
	type __max1 = (x); \
	type __max2 = (y); \
	__max1 > __max2 ? __max1 : __max2; })

#define clamp_t(type, val, lo, hi) min_t(type, max_t(type, val, lo), hi)
#define clamp_val(val, lo, hi) clamp_t(__typeof__(val), val, lo, hi)

#define swap(a, b) \
	do { __typeof__(a) __tmp = (a); (a) = (b); (b) = __tmp; } while (0)

#define container_of(ptr, type, member) ({ \
	const __typeof__(((type *)0)->member) *__mptr = (ptr); \
	(type *)((char *)__mptr - offsetof(type, member)); })

#define VERIFY_OCTAL_PERMISSIONS(perms) (perms)

/* Tracing hooks are compiled out. */
#define trace_printk(fmt, ...) no_printk(fmt, ##__VA_ARGS__)
static inline void tracing_off(void) { }
static inline void tracing_on(void) { }

struct sysinfo;
extern int do_sysinfo(struct sysinfo *info);

#define SI_LOAD_SHIFT 16

#endif /* _WHOOP_LINUX_KERNEL_H */
