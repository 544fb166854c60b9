/* whoop model: linux/timex.h - cycle counter and tick rate. */
#ifndef _WHOOP_LINUX_TIMEX_H
#define _WHOOP_LINUX_TIMEX_H

#include <linux/types.h>
#include <asm/param.h>

#define PIT_TICK_RATE 1193182ul
#define CLOCK_TICK_RATE PIT_TICK_RATE

typedef unsigned long long cycles_t;

extern cycles_t get_cycles(void);
extern unsigned long tick_usec;
extern unsigned long tick_nsec;

#endif /* _WHOOP_LINUX_TIMEX_H */
