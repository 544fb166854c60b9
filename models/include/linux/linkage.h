/* whoop model: linux/linkage.h - calling-convention markers. */
#ifndef _WHOOP_LINUX_LINKAGE_H
#define _WHOOP_LINUX_LINKAGE_H

#include <linux/compiler.h>

#define asmlinkage
#define __visible_asmlinkage
#define cond_syscall(x) extern int __whoop_cond_syscall_unused
#define SYSCALL_ALIAS(alias, name) extern int __whoop_syscall_alias_unused

#endif /* _WHOOP_LINUX_LINKAGE_H */
