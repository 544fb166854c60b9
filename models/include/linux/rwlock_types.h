/* whoop model: linux/rwlock_types.h - rwlock_t and its initialisers. */
#ifndef _WHOOP_LINUX_RWLOCK_TYPES_H
#define _WHOOP_LINUX_RWLOCK_TYPES_H

#include <linux/spinlock_types.h>

typedef struct {
	arch_rwlock_t raw_lock;
} rwlock_t;

#define __RW_LOCK_INITIALIZER(lockname) { .raw_lock = __ARCH_RW_LOCK_UNLOCKED }
#define __RW_LOCK_UNLOCKED(lockname) (rwlock_t) __RW_LOCK_INITIALIZER(lockname)
#define DEFINE_RWLOCK(x) rwlock_t x = __RW_LOCK_INITIALIZER(x)
#define RW_LOCK_UNLOCKED __RW_LOCK_UNLOCKED(old_style_rw_init)

#endif /* _WHOOP_LINUX_RWLOCK_TYPES_H */
