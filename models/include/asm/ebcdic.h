/* whoop model: asm/ebcdic.h - ASCII/EBCDIC translation tables and in-place conversion. */
#ifndef _WHOOP_ASM_EBCDIC_H
#define _WHOOP_ASM_EBCDIC_H

#include <linux/types.h>

extern __u8 _ascebc[256];
extern __u8 _ebcasc[256];
extern __u8 _ascebc_500[256];
extern __u8 _ebcasc_500[256];

/* Translate count bytes of addr in place through table codepage. */
static inline void codepage_convert(const __u8 *codepage, volatile char *addr, unsigned long nr)
{
	unsigned long i;

	for (i = 0; i < nr; i++)
		addr[i] = codepage[(__u8)addr[i]];
}

#define ASCEBC(addr, nr) codepage_convert(_ascebc, addr, nr)
#define EBCASC(addr, nr) codepage_convert(_ebcasc, addr, nr)
#define ASCEBC_500(addr, nr) codepage_convert(_ascebc_500, addr, nr)
#define EBCASC_500(addr, nr) codepage_convert(_ebcasc_500, addr, nr)

#endif
