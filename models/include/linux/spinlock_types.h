/* whoop model: linux/spinlock_types.h - spinlock_t, raw_spinlock_t, rwlock_t and their initialisers. */
#ifndef _WHOOP_LINUX_SPINLOCK_TYPES_H
#define _WHOOP_LINUX_SPINLOCK_TYPES_H

#include <linux/types.h>
#include <linux/lockdep.h>

typedef struct arch_spinlock {
	unsigned int head_tail;
} arch_spinlock_t;

#define __ARCH_SPIN_LOCK_UNLOCKED { 0 }

typedef struct {
	unsigned int lock;
} arch_rwlock_t;

#define __ARCH_RW_LOCK_UNLOCKED { 0 }

typedef struct raw_spinlock {
	arch_spinlock_t raw_lock;
} raw_spinlock_t;

#define __RAW_SPIN_LOCK_INITIALIZER(lockname) { .raw_lock = __ARCH_SPIN_LOCK_UNLOCKED }
#define __RAW_SPIN_LOCK_UNLOCKED(lockname) (raw_spinlock_t) __RAW_SPIN_LOCK_INITIALIZER(lockname)
/* DEFINE_* use plain brace initialisers; the *_UNLOCKED forms are compound literals so they can be assigned. */
#define DEFINE_RAW_SPINLOCK(x) raw_spinlock_t x = __RAW_SPIN_LOCK_INITIALIZER(x)

typedef struct spinlock {
	union {
		struct raw_spinlock rlock;
	};
} spinlock_t;

#define __SPIN_LOCK_INITIALIZER(lockname) { { .rlock = __RAW_SPIN_LOCK_INITIALIZER(lockname) } }
#define __SPIN_LOCK_UNLOCKED(lockname) (spinlock_t) __SPIN_LOCK_INITIALIZER(lockname)
#define DEFINE_SPINLOCK(x) spinlock_t x = __SPIN_LOCK_INITIALIZER(x)
#define SPIN_LOCK_UNLOCKED __SPIN_LOCK_UNLOCKED(old_style_spin_init)

#include <linux/rwlock_types.h>

#endif /* _WHOOP_LINUX_SPINLOCK_TYPES_H */
