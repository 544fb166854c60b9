/* whoop model: asm/machvec.h - ia64 platform vector; only the platform-name test is modelled. */
#ifndef _WHOOP_ASM_MACHVEC_H
#define _WHOOP_ASM_MACHVEC_H

#include <linux/string.h>

extern const char *ia64_platform_name;
#define ia64_platform_is(x) (strcmp(x, ia64_platform_name) == 0)

#endif /* _WHOOP_ASM_MACHVEC_H */
