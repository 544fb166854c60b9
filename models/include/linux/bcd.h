/* whoop model: linux/bcd.h - binary-coded decimal conversion. */
#ifndef _WHOOP_LINUX_BCD_H
#define _WHOOP_LINUX_BCD_H

#include <linux/compiler.h>

#define bcd2bin(x) (__builtin_constant_p((u8)(x)) ? const_bcd2bin(x) : _bcd2bin(x))
#define bin2bcd(x) (__builtin_constant_p((u8)(x)) ? const_bin2bcd(x) : _bin2bcd(x))
#define const_bcd2bin(x) (((x) & 0x0f) + ((x) >> 4) * 10)
#define const_bin2bcd(x) ((((x) / 10) << 4) + (x) % 10)

extern unsigned _bcd2bin(unsigned char val) __attribute_const__;
extern unsigned char _bin2bcd(unsigned val) __attribute_const__;

/* In-place forms removed in 2.6.28; older drivers (ds1286) still use them. */
#define BCD2BIN(val) bcd2bin(val)
#define BIN2BCD(val) bin2bcd(val)
#define BCD_TO_BIN(val) ((val) = bcd2bin(val))
#define BIN_TO_BCD(val) ((val) = bin2bcd(val))

#endif /* _WHOOP_LINUX_BCD_H */
