/* whoop model: linux/crc32.h - CRC32 checksums (and the Ethernet CRC helpers). */
#ifndef _WHOOP_LINUX_CRC32_H
#define _WHOOP_LINUX_CRC32_H

#include <linux/types.h>
#include <linux/bitrev.h>

extern u32 crc32_le(u32 crc, unsigned char const *p, size_t len);
extern u32 crc32_be(u32 crc, unsigned char const *p, size_t len);
extern u32 crc32_le_combine(u32 crc1, u32 crc2, size_t len2);
extern u32 __crc32c_le(u32 crc, unsigned char const *p, size_t len);
extern u32 __crc32c_le_combine(u32 crc1, u32 crc2, size_t len2);

#define crc32(seed, data, length) crc32_le(seed, (unsigned char const *)(data), length)
#define ether_crc(length, data) bitrev32(crc32_le(~0, data, length))
#define ether_crc_le(length, data) crc32_le(~0, data, length)

#endif /* _WHOOP_LINUX_CRC32_H */
