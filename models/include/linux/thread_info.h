/* whoop model: linux/thread_info.h - per-thread flags. */
#ifndef _WHOOP_LINUX_THREAD_INFO_H
#define _WHOOP_LINUX_THREAD_INFO_H

#include <linux/types.h>
#include <linux/bug.h>

struct timespec;
struct compat_timespec;

struct restart_block {
	long (*fn)(struct restart_block *);
	unsigned long arg0, arg1, arg2, arg3;
};

struct thread_info {
	struct task_struct *task;
	__u32 flags;
	__u32 status;
	__u32 cpu;
	int saved_preempt_count;
	unsigned long addr_limit;
	struct restart_block restart_block;
};

#define TIF_SIGPENDING 2
#define TIF_NEED_RESCHED 3
#define TIF_MEMDIE 20

extern struct thread_info *current_thread_info(void);
extern int test_thread_flag(int flag);
extern void set_thread_flag(int flag);
extern void clear_thread_flag(int flag);
#define tif_need_resched() test_thread_flag(TIF_NEED_RESCHED)

#endif /* _WHOOP_LINUX_THREAD_INFO_H */
