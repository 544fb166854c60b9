/* whoop model: asm/ioctl.h - x86 uses the generic ioctl encoding. */
#ifndef _WHOOP_ASM_IOCTL_H
#define _WHOOP_ASM_IOCTL_H

#include <asm-generic/ioctl.h>

#endif /* _WHOOP_ASM_IOCTL_H */
