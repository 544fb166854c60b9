/* whoop model: linux/compiler.h - GCC attributes, sparse annotations, marked accesses. */
#ifndef _WHOOP_LINUX_COMPILER_H
#define _WHOOP_LINUX_COMPILER_H

/* Sparse address-space and context annotations: empty for the compiler. */
#define __user
#define __kernel
#define __iomem
#define __force
#define __nocast
#define __safe
#define __rcu
#define __percpu
#define __private
#define __bitwise__
#define __bitwise
#define __chk_user_ptr(x) (void)0
#define __chk_io_ptr(x) (void)0
#define __must_hold(x)
#define __acquires(x)
#define __releases(x)
#define __acquire(x) (void)0
#define __release(x) (void)0
#define __cond_lock(x, c) (c)

/* GCC attributes under their kernel spellings. */
#define __attribute_const__ __attribute__((__const__))
#define __pure __attribute__((__pure__))
#define __aligned(x) __attribute__((__aligned__(x)))
#define __packed __attribute__((__packed__))
#define __printf(a, b) __attribute__((__format__(printf, a, b)))
#define __scanf(a, b) __attribute__((__format__(scanf, a, b)))
#define __section(S) __attribute__((__section__(#S)))
#define __used __attribute__((__used__))
#define __maybe_unused __attribute__((__unused__))
#define __always_unused __attribute__((__unused__))
#define __noreturn __attribute__((__noreturn__))
#define __weak __attribute__((__weak__))
#define __visible __attribute__((__externally_visible__))
#define __cold __attribute__((__cold__))
#define __must_check __attribute__((__warn_unused_result__))
#define __deprecated __attribute__((__deprecated__))
#define __always_inline inline __attribute__((__always_inline__))
#define noinline __attribute__((__noinline__))
#define __noclone
#define notrace __attribute__((__no_instrument_function__))
#define __read_mostly
#define __cacheline_aligned __attribute__((__aligned__(64)))
#define __cacheline_aligned_in_smp __attribute__((__aligned__(64)))
#define ____cacheline_aligned __attribute__((__aligned__(64)))
#define ____cacheline_aligned_in_smp __attribute__((__aligned__(64)))
#define __compiletime_warning(m)
#define __compiletime_error(m)
#define __compiler_offsetof(a, b) __builtin_offsetof(a, b)

#ifndef __inline__
#define __inline__ inline
#endif
#ifndef __inline
#define __inline inline
#endif

#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)

#define barrier() __asm__ __volatile__("" : : : "memory")
#define __same_type(a, b) __builtin_types_compatible_p(__typeof__(a), __typeof__(b))
#define uninitialized_var(x) x = x
#define RELOC_HIDE(ptr, off) ((__typeof__(ptr))((unsigned long)(ptr) + (off)))
#define OPTIMIZER_HIDE_VAR(var) (void)0
#define compiletime_assert(condition, msg) do { } while (0)
#define compiletime_assert_atomic_type(t) do { } while (0)

/*
 * Marked accesses: whoop treats an access through a volatile-qualified
 * lvalue as marked, so these must stay volatile dereferences.
 */
#define ACCESS_ONCE(x) (*(volatile __typeof__(x) *)&(x))
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, val) do { *(volatile __typeof__(x) *)&(x) = (val); } while (0)
#define ASSIGN_ONCE(val, x) do { *(volatile __typeof__(x) *)&(x) = (val); } while (0)

#endif /* _WHOOP_LINUX_COMPILER_H */
