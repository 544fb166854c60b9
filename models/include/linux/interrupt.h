/* whoop model: linux/interrupt.h - interrupt handlers, tasklets and softirqs (registration, rule 1). */
#ifndef _WHOOP_LINUX_INTERRUPT_H
#define _WHOOP_LINUX_INTERRUPT_H

#include <linux/kernel.h>
#include <linux/linkage.h>
#include <linux/bitops.h>
#include <linux/preempt.h>
#include <linux/irqreturn.h>
#include <linux/hardirq.h>
#include <linux/irqflags.h>
#include <linux/ktime.h>
#include <linux/kref.h>
#include <linux/workqueue.h>
#include <linux/atomic.h>
#include <linux/cpumask.h>
#include <asm/irq.h>

#define IRQF_TRIGGER_NONE 0x00000000
#define IRQF_TRIGGER_RISING 0x00000001
#define IRQF_TRIGGER_FALLING 0x00000002
#define IRQF_TRIGGER_HIGH 0x00000004
#define IRQF_TRIGGER_LOW 0x00000008
#define IRQF_TRIGGER_MASK (IRQF_TRIGGER_HIGH | IRQF_TRIGGER_LOW | IRQF_TRIGGER_RISING | IRQF_TRIGGER_FALLING)
#define IRQF_TRIGGER_PROBE 0x00000010

#define IRQF_DISABLED 0x00000020
#define IRQF_SHARED 0x00000080
#define IRQF_PROBE_SHARED 0x00000100
#define __IRQF_TIMER 0x00000200
#define IRQF_PERCPU 0x00000400
#define IRQF_NOBALANCING 0x00000800
#define IRQF_IRQPOLL 0x00001000
#define IRQF_ONESHOT 0x00002000
#define IRQF_NO_SUSPEND 0x00004000
#define IRQF_FORCE_RESUME 0x00008000
#define IRQF_NO_THREAD 0x00010000
#define IRQF_EARLY_RESUME 0x00020000
#define IRQF_COND_SUSPEND 0x00040000
#define IRQF_TIMER (__IRQF_TIMER | IRQF_NO_SUSPEND | IRQF_NO_THREAD)

/* Pre-2.6.18 spellings still found in old drivers. */
#define SA_INTERRUPT IRQF_DISABLED
#define SA_SHIRQ IRQF_SHARED

struct device;

typedef irqreturn_t (*irq_handler_t)(int, void *);

struct irqaction {
	irq_handler_t handler;
	void *dev_id;
	void __percpu *percpu_dev_id;
	struct irqaction *next;
	irq_handler_t thread_fn;
	struct task_struct *thread;
	unsigned int irq;
	unsigned int flags;
	unsigned long thread_flags;
	unsigned long thread_mask;
	const char *name;
};

extern irqreturn_t no_action(int cpl, void *dev_id);

/* Handler registration calls keep their kernel names and the handler as an argument (rule 1). */
extern int __must_check request_threaded_irq(unsigned int irq, irq_handler_t handler, irq_handler_t thread_fn,
					     unsigned long flags, const char *name, void *dev);
extern int __must_check request_irq(unsigned int irq, irq_handler_t handler, unsigned long flags,
				    const char *name, void *dev);
extern int __must_check request_any_context_irq(unsigned int irq, irq_handler_t handler,
						unsigned long flags, const char *name, void *dev_id);
extern int __must_check request_percpu_irq(unsigned int irq, irq_handler_t handler, const char *devname,
					   void __percpu *percpu_dev_id);
extern void free_irq(unsigned int, void *);
extern void free_percpu_irq(unsigned int, void __percpu *);

extern int __must_check devm_request_threaded_irq(struct device *dev, unsigned int irq, irq_handler_t handler,
						  irq_handler_t thread_fn, unsigned long irqflags,
						  const char *devname, void *dev_id);
extern int __must_check devm_request_irq(struct device *dev, unsigned int irq, irq_handler_t handler,
					 unsigned long irqflags, const char *devname, void *dev_id);
extern int __must_check devm_request_any_context_irq(struct device *dev, unsigned int irq,
						     irq_handler_t handler, unsigned long irqflags,
						     const char *devname, void *dev_id);
extern void devm_free_irq(struct device *dev, unsigned int irq, void *dev_id);

extern void disable_irq_nosync(unsigned int irq);
extern void disable_irq(unsigned int irq);
extern void disable_percpu_irq(unsigned int irq);
extern void enable_irq(unsigned int irq);
extern void enable_percpu_irq(unsigned int irq, unsigned int type);
extern void irq_wake_thread(unsigned int irq, void *dev_id);
extern int irq_set_irq_wake(unsigned int irq, unsigned int on);
extern int irq_set_affinity_hint(unsigned int irq, const struct cpumask *m);

static inline int enable_irq_wake(unsigned int irq)
{
	return irq_set_irq_wake(irq, 1);
}

static inline int disable_irq_wake(unsigned int irq)
{
	return irq_set_irq_wake(irq, 0);
}

extern int can_request_irq(unsigned int irq, unsigned long irqflags);
extern unsigned long probe_irq_on(void);
extern int probe_irq_off(unsigned long);
extern unsigned int probe_irq_mask(unsigned long);

enum {
	HI_SOFTIRQ = 0,
	TIMER_SOFTIRQ,
	NET_TX_SOFTIRQ,
	NET_RX_SOFTIRQ,
	BLOCK_SOFTIRQ,
	BLOCK_IOPOLL_SOFTIRQ,
	TASKLET_SOFTIRQ,
	SCHED_SOFTIRQ,
	HRTIMER_SOFTIRQ,
	RCU_SOFTIRQ,
	NR_SOFTIRQS
};

extern void raise_softirq(unsigned int nr);
extern void raise_softirq_irqoff(unsigned int nr);

struct tasklet_struct {
	struct tasklet_struct *next;
	unsigned long state;
	atomic_t count;
	void (*func)(unsigned long);
	unsigned long data;
};

#define DECLARE_TASKLET(name, _func, _data) \
	struct tasklet_struct name = { .next = NULL, .state = 0, .count = ATOMIC_INIT(0), .func = _func, .data = _data }
#define DECLARE_TASKLET_DISABLED(name, _func, _data) \
	struct tasklet_struct name = { .next = NULL, .state = 0, .count = ATOMIC_INIT(1), .func = _func, .data = _data }

enum {
	TASKLET_STATE_SCHED,
	TASKLET_STATE_RUN
};

/* Tasklet calls are registration functions (rule 1). */
extern void tasklet_init(struct tasklet_struct *t, void (*func)(unsigned long), unsigned long data);
extern void __tasklet_schedule(struct tasklet_struct *t);
extern void tasklet_schedule(struct tasklet_struct *t);
extern void __tasklet_hi_schedule(struct tasklet_struct *t);
extern void tasklet_hi_schedule(struct tasklet_struct *t);
extern void tasklet_hi_schedule_first(struct tasklet_struct *t);
extern void tasklet_disable_nosync(struct tasklet_struct *t);
extern void tasklet_disable(struct tasklet_struct *t);
extern void tasklet_enable(struct tasklet_struct *t);
extern void tasklet_kill(struct tasklet_struct *t);
extern void tasklet_kill_immediate(struct tasklet_struct *t, unsigned int cpu);

#endif /* _WHOOP_LINUX_INTERRUPT_H */
