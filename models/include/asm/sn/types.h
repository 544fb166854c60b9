/* whoop model: asm/sn/types.h - SGI SN2 (ia64 Altix) node and module identifiers. */
#ifndef _WHOOP_ASM_SN_TYPES_H
#define _WHOOP_ASM_SN_TYPES_H

#include <linux/types.h>

typedef unsigned int cpuid_t;
typedef signed short nasid_t;
typedef signed char partid_t;
typedef unsigned int moduleid_t;
typedef unsigned int cmoduleid_t;
typedef unsigned long pfn_t;
typedef signed short cnodeid_t;

#endif /* _WHOOP_ASM_SN_TYPES_H */
