/* whoop model: linux/rwlock.h - reader-writer spinlocks (readers share). */
#ifndef _WHOOP_LINUX_RWLOCK_H
#define _WHOOP_LINUX_RWLOCK_H

#include <linux/spinlock_types.h>

extern void rwlock_init(rwlock_t *lock);
extern void read_lock(rwlock_t *lock);
extern void read_lock_bh(rwlock_t *lock);
extern void read_lock_irq(rwlock_t *lock);
extern unsigned long read_lock_irqsave(rwlock_t *lock);
#define read_lock_irqsave(lock, flags) do { (flags) = read_lock_irqsave(lock); } while (0)
extern int read_trylock(rwlock_t *lock);
extern void read_unlock(rwlock_t *lock);
extern void read_unlock_bh(rwlock_t *lock);
extern void read_unlock_irq(rwlock_t *lock);
extern void read_unlock_irqrestore(rwlock_t *lock, unsigned long flags);

extern void write_lock(rwlock_t *lock);
extern void write_lock_bh(rwlock_t *lock);
extern void write_lock_irq(rwlock_t *lock);
extern unsigned long write_lock_irqsave(rwlock_t *lock);
#define write_lock_irqsave(lock, flags) do { (flags) = write_lock_irqsave(lock); } while (0)
extern int write_trylock(rwlock_t *lock);
extern int write_trylock_irqsave(rwlock_t *lock);
#define write_trylock_irqsave(lock, flags) ({ (flags) = 0; write_trylock_irqsave(lock); })
extern void write_unlock(rwlock_t *lock);
extern void write_unlock_bh(rwlock_t *lock);
extern void write_unlock_irq(rwlock_t *lock);
extern void write_unlock_irqrestore(rwlock_t *lock, unsigned long flags);

extern int rwlock_is_contended(rwlock_t *lock);
#define read_can_lock(rwlock) (1)
#define write_can_lock(rwlock) (1)

#endif /* _WHOOP_LINUX_RWLOCK_H */
