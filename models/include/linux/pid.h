/* whoop model: linux/pid.h - process identifiers. */
#ifndef _WHOOP_LINUX_PID_H
#define _WHOOP_LINUX_PID_H

#include <linux/types.h>
#include <linux/rcupdate.h>

enum pid_type {
	PIDTYPE_PID,
	PIDTYPE_PGID,
	PIDTYPE_SID,
	PIDTYPE_MAX
};

struct upid {
	int nr;
	struct pid_namespace *ns;
	struct hlist_node pid_chain;
};

struct pid {
	atomic_t count;
	unsigned int level;
	struct hlist_head tasks[PIDTYPE_MAX];
	struct rcu_head rcu;
	struct upid numbers[1];
};

extern struct pid *get_pid(struct pid *pid);
extern void put_pid(struct pid *pid);
extern struct task_struct *pid_task(struct pid *pid, enum pid_type);
extern struct task_struct *get_pid_task(struct pid *pid, enum pid_type);
extern struct pid *get_task_pid(struct task_struct *task, enum pid_type type);
extern struct pid *find_get_pid(int nr);
extern struct pid *find_vpid(int nr);
extern pid_t pid_nr(struct pid *pid);
extern pid_t pid_vnr(struct pid *pid);

#endif /* _WHOOP_LINUX_PID_H */
