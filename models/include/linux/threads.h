/* whoop model: linux/threads.h - CPU and PID limits. */
#ifndef _WHOOP_LINUX_THREADS_H
#define _WHOOP_LINUX_THREADS_H

#define NR_CPUS 64
#define MIN_THREADS_LEFT_FOR_ROOT 4
#define PID_MAX_DEFAULT 0x8000
#define PID_MAX_LIMIT (4 * 1024 * 1024)

#endif /* _WHOOP_LINUX_THREADS_H */
