/* whoop model: asm/errno.h - x86 uses the generic error numbers. */
#ifndef _WHOOP_ASM_ERRNO_H
#define _WHOOP_ASM_ERRNO_H

#include <asm-generic/errno.h>

#endif /* _WHOOP_ASM_ERRNO_H */
