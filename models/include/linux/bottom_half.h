/* whoop model: linux/bottom_half.h - softirq masking on the local CPU. */
#ifndef _WHOOP_LINUX_BOTTOM_HALF_H
#define _WHOOP_LINUX_BOTTOM_HALF_H

extern void local_bh_disable(void);
extern void local_bh_enable(void);
extern void _local_bh_enable(void);
extern void local_bh_enable_ip(unsigned long ip);

#endif /* _WHOOP_LINUX_BOTTOM_HALF_H */
