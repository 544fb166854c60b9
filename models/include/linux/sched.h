/* whoop model: linux/sched.h - task_struct, scheduling and signal checks. */
#ifndef _WHOOP_LINUX_SCHED_H
#define _WHOOP_LINUX_SCHED_H

#include <asm/current.h>
#include <linux/capability.h>
#include <linux/threads.h>
#include <linux/kernel.h>
#include <linux/types.h>
#include <linux/timex.h>
#include <linux/jiffies.h>
#include <linux/errno.h>
#include <linux/list.h>
#include <linux/spinlock.h>
#include <linux/wait.h>
#include <linux/signal.h>
#include <linux/time.h>
#include <linux/completion.h>
#include <linux/rcupdate.h>
#include <linux/uidgid.h>
#include <linux/pid.h>
#include <linux/mm_types.h>
#include <asm/processor.h>

#define TASK_COMM_LEN 16
#define MAX_SCHEDULE_TIMEOUT LONG_MAX

#define SCHED_NORMAL 0
#define SCHED_FIFO 1
#define SCHED_RR 2
#define SCHED_BATCH 3
#define SCHED_IDLE 5
#define SCHED_DEADLINE 6
#define MAX_USER_RT_PRIO 100
#define MAX_RT_PRIO MAX_USER_RT_PRIO
#define MAX_PRIO (MAX_RT_PRIO + 40)

#define PF_EXITING 0x00000004
#define PF_EXITPIDONE 0x00000008
#define PF_VCPU 0x00000010
#define PF_WQ_WORKER 0x00000020
#define PF_FORKNOEXEC 0x00000040
#define PF_SUPERPRIV 0x00000100
#define PF_DUMPCORE 0x00000200
#define PF_SIGNALED 0x00000400
#define PF_MEMALLOC 0x00000800
#define PF_NOFREEZE 0x00008000
#define PF_FROZEN 0x00010000
#define PF_KTHREAD 0x00200000

struct cred;
struct signal_struct;
struct sighand_struct;
struct files_struct;
struct fs_struct;
struct nsproxy;
struct audit_context;

struct sched_param {
	int sched_priority;
};

struct task_struct {
	volatile long state;
	void *stack;
	atomic_t usage;
	unsigned int flags;
	unsigned int ptrace;
	int on_cpu;
	int on_rq;
	int prio, static_prio, normal_prio;
	unsigned int rt_priority;
	unsigned int policy;
	int nr_cpus_allowed;
	struct list_head tasks;
	struct mm_struct *mm, *active_mm;
	int exit_state;
	int exit_code, exit_signal;
	int pdeath_signal;
	pid_t pid;
	pid_t tgid;
	struct task_struct *real_parent;
	struct task_struct *parent;
	struct list_head children;
	struct list_head sibling;
	struct task_struct *group_leader;
	u64 utime, stime;
	unsigned long nvcsw, nivcsw;
	u64 start_time;
	const struct cred *real_cred;
	const struct cred *cred;
	char comm[TASK_COMM_LEN];
	struct fs_struct *fs;
	struct files_struct *files;
	struct nsproxy *nsproxy;
	struct signal_struct *signal;
	struct sighand_struct *sighand;
	sigset_t blocked, real_blocked;
	struct sigpending pending;
	void *journal_info;
	struct thread_info *thread_info;
};

/* The running task's state change: a function so no shared write appears. */
extern void __set_current_state(long state_value);
extern void set_current_state(long state_value);
#define __set_task_state(tsk, state_value) do { (tsk)->state = (state_value); } while (0)
#define set_task_state(tsk, state_value) set_mb((tsk)->state, (state_value))

extern int signal_pending(struct task_struct *p);
extern int fatal_signal_pending(struct task_struct *p);
extern int signal_pending_state(long state, struct task_struct *p);
extern int _cond_resched(void);
#define cond_resched() _cond_resched()
extern int cond_resched_lock(spinlock_t *lock);
extern void yield(void);
extern void io_schedule(void);
extern long schedule_timeout_interruptible(long timeout);
extern long schedule_timeout_killable(long timeout);
extern long schedule_timeout_uninterruptible(long timeout);
extern void schedule_preempt_disabled(void);
extern int wake_up_process(struct task_struct *tsk);
extern int wake_up_state(struct task_struct *tsk, unsigned int state);
extern void wake_up_new_task(struct task_struct *tsk);
extern int sched_setscheduler(struct task_struct *, int, const struct sched_param *);
extern int sched_setscheduler_nocheck(struct task_struct *, int, const struct sched_param *);
extern void set_user_nice(struct task_struct *p, long nice);
extern int task_nice(const struct task_struct *p);
extern unsigned long long sched_clock(void);
extern u64 local_clock(void);

extern pid_t task_pid_nr(struct task_struct *tsk);
extern pid_t task_tgid_nr(struct task_struct *tsk);
extern pid_t task_pid_vnr(struct task_struct *tsk);
extern pid_t task_tgid_vnr(struct task_struct *tsk);
extern struct task_struct *find_task_by_vpid(pid_t nr);
extern char *get_task_comm(char *to, struct task_struct *tsk);
extern void __put_task_struct(struct task_struct *t);
extern void get_task_struct(struct task_struct *t);
extern void put_task_struct(struct task_struct *t);
extern int send_sig(int, struct task_struct *, int);
extern int send_sig_info(int, struct siginfo *, struct task_struct *);
extern int kill_pid(struct pid *pid, int sig, int priv);
extern int kill_proc_info(int, struct siginfo *, pid_t);
extern void force_sig(int, struct task_struct *);
extern int kill_pgrp(struct pid *pid, int sig, int priv);
extern struct pid *task_pid(struct task_struct *task);
extern bool thread_group_leader(struct task_struct *p);

extern int in_group_p(kgid_t);
extern int in_egroup_p(kgid_t);

extern struct task_struct init_task;

#endif /* _WHOOP_LINUX_SCHED_H */
