/* whoop model: linux/time64.h - 64-bit time type. */
#ifndef _WHOOP_LINUX_TIME64_H
#define _WHOOP_LINUX_TIME64_H

#include <linux/types.h>

typedef __s64 time64_t;

struct timespec64 {
	time64_t tv_sec;
	long tv_nsec;
};

#endif /* _WHOOP_LINUX_TIME64_H */
