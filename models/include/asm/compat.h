/* whoop model: asm/compat.h - whether the current task is a 31/32-bit one (s390, x86). */
#ifndef _WHOOP_ASM_COMPAT_H
#define _WHOOP_ASM_COMPAT_H

#include <linux/compat.h>
#include <linux/sched.h>

/* Either kind of task can call the driver: the result is unknown. */
extern int is_compat_task(void);

#endif
