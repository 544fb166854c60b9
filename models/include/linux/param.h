/* whoop model: linux/param.h - HZ and friends. */
#ifndef _WHOOP_LINUX_PARAM_H
#define _WHOOP_LINUX_PARAM_H

#include <asm/param.h>

#endif /* _WHOOP_LINUX_PARAM_H */
