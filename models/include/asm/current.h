/* whoop model: asm/current.h - the running task. */
#ifndef _WHOOP_ASM_CURRENT_H
#define _WHOOP_ASM_CURRENT_H

#include <linux/compiler.h>

struct task_struct;

extern struct task_struct *get_current(void);
#define current get_current()

#endif /* _WHOOP_ASM_CURRENT_H */
