/* whoop model: linux/sysrq.h - magic SysRq key handling. */
#ifndef _WHOOP_LINUX_SYSRQ_H
#define _WHOOP_LINUX_SYSRQ_H

#include <linux/errno.h>
#include <linux/types.h>

struct sysrq_key_op {
	void (*handler)(int);
	char *help_msg;
	char *action_msg;
	int enable_mask;
};

extern void handle_sysrq(int key);
extern int register_sysrq_key(int key, struct sysrq_key_op *op);
extern int unregister_sysrq_key(int key, struct sysrq_key_op *op);

#endif /* _WHOOP_LINUX_SYSRQ_H */
