/* whoop model: asm/bitsperlong.h - word size of x86_64. */
#ifndef _WHOOP_ASM_BITSPERLONG_H
#define _WHOOP_ASM_BITSPERLONG_H

#define BITS_PER_LONG 64
#define BITS_PER_LONG_LONG 64
#define __BITS_PER_LONG 64

#endif /* _WHOOP_ASM_BITSPERLONG_H */
