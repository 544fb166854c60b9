/* whoop model: linux/delay.h - busy-wait and sleeping delays. */
#ifndef _WHOOP_LINUX_DELAY_H
#define _WHOOP_LINUX_DELAY_H

#include <linux/kernel.h>

extern unsigned long loops_per_jiffy;

#define MAX_UDELAY_MS 5

extern void __delay(unsigned long loops);
extern void udelay(unsigned long usecs);
extern void ndelay(unsigned long nsecs);
extern void mdelay(unsigned long msecs);
extern void msleep(unsigned int msecs);
extern unsigned long msleep_interruptible(unsigned int msecs);
extern void usleep_range(unsigned long min, unsigned long max);

static inline void ssleep(unsigned int seconds)
{
	msleep(seconds * 1000);
}

#endif /* _WHOOP_LINUX_DELAY_H */
