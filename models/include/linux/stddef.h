/* whoop model: linux/stddef.h - NULL, bool constants, offsetof. */
#ifndef _WHOOP_LINUX_STDDEF_H
#define _WHOOP_LINUX_STDDEF_H

#include <linux/compiler.h>

#undef NULL
#define NULL ((void *)0)

enum {
	false = 0,
	true = 1
};

#undef offsetof
#define offsetof(TYPE, MEMBER) __builtin_offsetof(TYPE, MEMBER)

#endif /* _WHOOP_LINUX_STDDEF_H */
