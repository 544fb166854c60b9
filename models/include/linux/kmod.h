/* whoop model: linux/kmod.h - user-mode helpers and module loading. */
#ifndef _WHOOP_LINUX_KMOD_H
#define _WHOOP_LINUX_KMOD_H

#include <linux/gfp.h>
#include <linux/stddef.h>
#include <linux/errno.h>
#include <linux/compiler.h>

#define KMOD_PATH_LEN 256

extern int __request_module(bool wait, const char *name, ...);

#define UMH_NO_WAIT 0
#define UMH_WAIT_EXEC 1
#define UMH_WAIT_PROC 2
#define UMH_KILLABLE 4

extern int call_usermodehelper(char *path, char **argv, char **envp, int wait);

#endif /* _WHOOP_LINUX_KMOD_H */
