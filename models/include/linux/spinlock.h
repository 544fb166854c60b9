/* whoop model: linux/spinlock.h - spinlocks, raw spinlocks and (via rwlock.h) reader-writer spinlocks. */
#ifndef _WHOOP_LINUX_SPINLOCK_H
#define _WHOOP_LINUX_SPINLOCK_H

#include <linux/typecheck.h>
#include <linux/preempt.h>
#include <linux/linkage.h>
#include <linux/compiler.h>
#include <linux/irqflags.h>
#include <linux/thread_info.h>
#include <linux/kernel.h>
#include <linux/stringify.h>
#include <linux/bottom_half.h>
#include <linux/spinlock_types.h>
#include <asm/barrier.h>
#include <asm/processor.h>

/*
 * Every locking call is a semantics-table function (rule 1): an extern
 * prototype under its kernel name. The *_irqsave forms return the saved
 * flags from a function of the same name as the macro (rule 2).
 */
extern void raw_spin_lock_init(raw_spinlock_t *lock);
extern void raw_spin_lock(raw_spinlock_t *lock);
extern void raw_spin_lock_bh(raw_spinlock_t *lock);
extern void raw_spin_lock_irq(raw_spinlock_t *lock);
extern unsigned long raw_spin_lock_irqsave(raw_spinlock_t *lock);
#define raw_spin_lock_irqsave(lock, flags) do { (flags) = raw_spin_lock_irqsave(lock); } while (0)
extern int raw_spin_trylock(raw_spinlock_t *lock);
extern void raw_spin_unlock(raw_spinlock_t *lock);
extern void raw_spin_unlock_bh(raw_spinlock_t *lock);
extern void raw_spin_unlock_irq(raw_spinlock_t *lock);
extern void raw_spin_unlock_irqrestore(raw_spinlock_t *lock, unsigned long flags);
extern int raw_spin_is_locked(raw_spinlock_t *lock);

extern void spin_lock_init(spinlock_t *lock);
extern void spin_lock(spinlock_t *lock);
extern void spin_lock_nested(spinlock_t *lock, int subclass);
extern void spin_lock_bh(spinlock_t *lock);
extern void spin_lock_bh_nested(spinlock_t *lock, int subclass);
extern void spin_lock_irq(spinlock_t *lock);
extern unsigned long spin_lock_irqsave(spinlock_t *lock);
#define spin_lock_irqsave(lock, flags) do { (flags) = spin_lock_irqsave(lock); } while (0)
extern unsigned long spin_lock_irqsave_nested(spinlock_t *lock, int subclass);
#define spin_lock_irqsave_nested(lock, flags, subclass) \
	do { (flags) = spin_lock_irqsave_nested(lock, subclass); } while (0)
#define spin_lock_nest_lock(lock, nest_lock) spin_lock(lock)
extern int spin_trylock(spinlock_t *lock);
extern int spin_trylock_bh(spinlock_t *lock);
extern int spin_trylock_irq(spinlock_t *lock);
extern int spin_trylock_irqsave(spinlock_t *lock);
#define spin_trylock_irqsave(lock, flags) ({ (flags) = 0; spin_trylock_irqsave(lock); })
extern void spin_unlock(spinlock_t *lock);
extern void spin_unlock_bh(spinlock_t *lock);
extern void spin_unlock_irq(spinlock_t *lock);
extern void spin_unlock_irqrestore(spinlock_t *lock, unsigned long flags);
extern void spin_unlock_wait(spinlock_t *lock);
extern int spin_is_locked(spinlock_t *lock);
extern int spin_is_contended(spinlock_t *lock);
extern int spin_can_lock(spinlock_t *lock);
#define assert_spin_locked(lock) do { (void)(lock); } while (0)
#define assert_raw_spin_locked(lock) do { (void)(lock); } while (0)

static inline raw_spinlock_t *spinlock_check(spinlock_t *lock)
{
	return &lock->rlock;
}

/* Takes lock only when the count drops to zero (returns 1 then). */
extern int _atomic_dec_and_lock(atomic_t *atomic, spinlock_t *lock);
extern int atomic_dec_and_lock(atomic_t *atomic, spinlock_t *lock);

#include <linux/rwlock.h>
#include <linux/atomic.h>

#endif /* _WHOOP_LINUX_SPINLOCK_H */
