/* whoop model: linux/debugobjects.h - object life-time debugging (compiled out). */
#ifndef _WHOOP_LINUX_DEBUGOBJECTS_H
#define _WHOOP_LINUX_DEBUGOBJECTS_H

#include <linux/spinlock.h>

struct debug_obj_descr;

#endif /* _WHOOP_LINUX_DEBUGOBJECTS_H */
