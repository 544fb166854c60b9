/* whoop model: linux/seqlock.h - sequence counters and sequence locks. */
#ifndef _WHOOP_LINUX_SEQLOCK_H
#define _WHOOP_LINUX_SEQLOCK_H

#include <linux/spinlock.h>
#include <linux/preempt.h>
#include <linux/lockdep.h>
#include <asm/processor.h>

typedef struct seqcount {
	unsigned sequence;
} seqcount_t;

#define SEQCNT_ZERO(lockname) { .sequence = 0 }

typedef struct {
	struct seqcount seqcount;
	spinlock_t lock;
} seqlock_t;

#define __SEQLOCK_UNLOCKED(lockname) \
	{ \
		.seqcount = SEQCNT_ZERO(lockname), \
		.lock = __SPIN_LOCK_INITIALIZER(lockname) \
	}
#define DEFINE_SEQLOCK(x) seqlock_t x = __SEQLOCK_UNLOCKED(x)

/* Sequence counter operations are marked accesses in the kernel; here they are calls. */
extern void seqcount_init(seqcount_t *s);
extern unsigned read_seqcount_begin(const seqcount_t *s);
extern unsigned raw_read_seqcount_begin(const seqcount_t *s);
extern int read_seqcount_retry(const seqcount_t *s, unsigned start);
extern void write_seqcount_begin(seqcount_t *s);
extern void write_seqcount_end(seqcount_t *s);
extern void raw_write_seqcount_begin(seqcount_t *s);
extern void raw_write_seqcount_end(seqcount_t *s);

extern void seqlock_init(seqlock_t *sl);
extern unsigned read_seqbegin(const seqlock_t *sl);
extern unsigned read_seqretry(const seqlock_t *sl, unsigned start);
extern void write_seqlock(seqlock_t *sl);
extern void write_sequnlock(seqlock_t *sl);
extern void write_seqlock_bh(seqlock_t *sl);
extern void write_sequnlock_bh(seqlock_t *sl);
extern void write_seqlock_irq(seqlock_t *sl);
extern void write_sequnlock_irq(seqlock_t *sl);
extern unsigned long write_seqlock_irqsave(seqlock_t *sl);
#define write_seqlock_irqsave(lock, flags) do { (flags) = write_seqlock_irqsave(lock); } while (0)
extern void write_sequnlock_irqrestore(seqlock_t *sl, unsigned long flags);

#endif /* _WHOOP_LINUX_SEQLOCK_H */
