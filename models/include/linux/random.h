/* whoop model: linux/random.h - kernel random numbers. */
#ifndef _WHOOP_LINUX_RANDOM_H
#define _WHOOP_LINUX_RANDOM_H

#include <linux/list.h>
#include <linux/types.h>

extern void add_device_randomness(const void *, unsigned int);
extern void add_input_randomness(unsigned int type, unsigned int code, unsigned int value);
extern void add_interrupt_randomness(int irq, int irq_flags);
extern void get_random_bytes(void *buf, int nbytes);
extern void get_random_bytes_arch(void *buf, int nbytes);
extern unsigned int get_random_int(void);
extern u32 prandom_u32(void);
extern void prandom_bytes(void *buf, size_t nbytes);
extern void prandom_seed(u32 seed);

static inline u32 prandom_u32_max(u32 ep_ro)
{
	return (u32)(((u64)prandom_u32() * ep_ro) >> 32);
}

#endif /* _WHOOP_LINUX_RANDOM_H */
