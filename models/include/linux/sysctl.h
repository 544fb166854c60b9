/* whoop model: linux/sysctl.h - sysctl tables. */
#ifndef _WHOOP_LINUX_SYSCTL_H
#define _WHOOP_LINUX_SYSCTL_H

#include <linux/list.h>
#include <linux/rcupdate.h>
#include <linux/wait.h>
#include <linux/rbtree.h>
#include <linux/uidgid.h>

struct ctl_table;
struct ctl_table_header;
struct file;

typedef int proc_handler(struct ctl_table *ctl, int write, void __user *buffer, size_t *lenp, loff_t *ppos);

struct ctl_table {
	const char *procname;
	void *data;
	int maxlen;
	umode_t mode;
	struct ctl_table *child;
	proc_handler *proc_handler;
	struct ctl_table_poll *poll;
	void *extra1;
	void *extra2;
};

extern int proc_dostring(struct ctl_table *, int, void __user *, size_t *, loff_t *);
extern int proc_dointvec(struct ctl_table *, int, void __user *, size_t *, loff_t *);
extern int proc_dointvec_minmax(struct ctl_table *, int, void __user *, size_t *, loff_t *);
extern int proc_dointvec_jiffies(struct ctl_table *, int, void __user *, size_t *, loff_t *);
extern int proc_doulongvec_minmax(struct ctl_table *, int, void __user *, size_t *, loff_t *);

extern struct ctl_table_header *register_sysctl_table(struct ctl_table *table);
extern struct ctl_table_header *register_sysctl(const char *path, struct ctl_table *table);
extern void unregister_sysctl_table(struct ctl_table_header *table);

#endif /* _WHOOP_LINUX_SYSCTL_H */
