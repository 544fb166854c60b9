/* whoop model: linux/signal.h - signal numbers, sigset_t, siginfo codes. */
#ifndef _WHOOP_LINUX_SIGNAL_H
#define _WHOOP_LINUX_SIGNAL_H

#include <linux/types.h>
#include <linux/list.h>

struct task_struct;

#define _NSIG 64
#define _NSIG_BPW 64
#define _NSIG_WORDS (_NSIG / _NSIG_BPW)

typedef struct {
	unsigned long sig[_NSIG_WORDS];
} sigset_t;

#define SIGHUP 1
#define SIGINT 2
#define SIGQUIT 3
#define SIGILL 4
#define SIGTRAP 5
#define SIGABRT 6
#define SIGIOT 6
#define SIGBUS 7
#define SIGFPE 8
#define SIGKILL 9
#define SIGUSR1 10
#define SIGSEGV 11
#define SIGUSR2 12
#define SIGPIPE 13
#define SIGALRM 14
#define SIGTERM 15
#define SIGSTKFLT 16
#define SIGCHLD 17
#define SIGCONT 18
#define SIGSTOP 19
#define SIGTSTP 20
#define SIGTTIN 21
#define SIGTTOU 22
#define SIGURG 23
#define SIGXCPU 24
#define SIGXFSZ 25
#define SIGVTALRM 26
#define SIGPROF 27
#define SIGWINCH 28
#define SIGIO 29
#define SIGPOLL SIGIO
#define SIGPWR 30
#define SIGSYS 31

/* si_code values for SIGPOLL (kill_fasync band). */
#define POLL_IN 1
#define POLL_OUT 2
#define POLL_MSG 3
#define POLL_ERR 4
#define POLL_PRI 5
#define POLL_HUP 6

typedef union sigval {
	int sival_int;
	void __user *sival_ptr;
} sigval_t;

typedef struct siginfo {
	int si_signo;
	int si_errno;
	int si_code;
	int _pad[28];
} siginfo_t;

struct sigpending {
	struct list_head list;
	sigset_t signal;
};

static inline void sigaddset(sigset_t *set, int _sig)
{
	unsigned long sig = _sig - 1;
	set->sig[sig / _NSIG_BPW] |= 1UL << (sig % _NSIG_BPW);
}

static inline void sigdelset(sigset_t *set, int _sig)
{
	unsigned long sig = _sig - 1;
	set->sig[sig / _NSIG_BPW] &= ~(1UL << (sig % _NSIG_BPW));
}

static inline int sigismember(sigset_t *set, int _sig)
{
	unsigned long sig = _sig - 1;
	return 1 & (set->sig[sig / _NSIG_BPW] >> (sig % _NSIG_BPW));
}

static inline void sigemptyset(sigset_t *set)
{
	set->sig[0] = 0;
}

static inline void sigfillset(sigset_t *set)
{
	set->sig[0] = -1;
}

#define sigmask(sig) (1UL << ((sig) - 1))

extern int allow_signal(int sig);
extern int disallow_signal(int sig);
extern void flush_signals(struct task_struct *t);

#endif /* _WHOOP_LINUX_SIGNAL_H */
