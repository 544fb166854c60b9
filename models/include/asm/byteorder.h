/* whoop model: asm/byteorder.h - x86 is little-endian. */
#ifndef _WHOOP_ASM_BYTEORDER_H
#define _WHOOP_ASM_BYTEORDER_H

#include <linux/byteorder/little_endian.h>

#endif /* _WHOOP_ASM_BYTEORDER_H */
