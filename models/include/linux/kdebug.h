/* whoop model: linux/kdebug.h - die notifications. */
#ifndef _WHOOP_LINUX_KDEBUG_H
#define _WHOOP_LINUX_KDEBUG_H

#include <linux/notifier.h>

struct pt_regs;

struct die_args {
	struct pt_regs *regs;
	const char *str;
	long err;
	int trapnr;
	int signr;
};

enum die_val {
	DIE_OOPS = 1,
	DIE_INT3,
	DIE_DEBUG,
	DIE_PANIC,
	DIE_NMI,
	DIE_DIE,
	DIE_KERNELDEBUG,
	DIE_TRAP,
	DIE_GPF,
	DIE_CALL,
	DIE_PAGE_FAULT,
	DIE_NMIUNKNOWN,
};

/* Registration calls (rule 1). */
extern int register_die_notifier(struct notifier_block *nb);
extern int unregister_die_notifier(struct notifier_block *nb);
extern int notify_die(enum die_val val, const char *str, struct pt_regs *regs, long err, int trap, int sig);

#endif /* _WHOOP_LINUX_KDEBUG_H */
