/* whoop model: asm/param.h - the timer tick rate. */
#ifndef _WHOOP_ASM_PARAM_H
#define _WHOOP_ASM_PARAM_H

/* CONFIG_HZ as in the default x86 configuration (HZ_250). */
#define HZ 250
#define USER_HZ 100
#define CLOCKS_PER_SEC (USER_HZ)
#define EXEC_PAGESIZE 4096
#define NOGROUP (-1)
#define MAXHOSTNAMELEN 64

#endif /* _WHOOP_ASM_PARAM_H */
