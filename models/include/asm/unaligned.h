/* whoop model: asm/unaligned.h - unaligned loads and stores (x86 allows them directly). */
#ifndef _WHOOP_ASM_UNALIGNED_H
#define _WHOOP_ASM_UNALIGNED_H

#include <linux/types.h>
#include <asm/byteorder.h>

static inline u16 get_unaligned_le16(const void *p) { return le16_to_cpup((const __le16 *)p); }
static inline u32 get_unaligned_le32(const void *p) { return le32_to_cpup((const __le32 *)p); }
static inline u64 get_unaligned_le64(const void *p) { return le64_to_cpup((const __le64 *)p); }
static inline u16 get_unaligned_be16(const void *p) { return be16_to_cpup((const __be16 *)p); }
static inline u32 get_unaligned_be32(const void *p) { return be32_to_cpup((const __be32 *)p); }
static inline u64 get_unaligned_be64(const void *p) { return be64_to_cpup((const __be64 *)p); }
static inline void put_unaligned_le16(u16 val, void *p) { *((__le16 *)p) = cpu_to_le16(val); }
static inline void put_unaligned_le32(u32 val, void *p) { *((__le32 *)p) = cpu_to_le32(val); }
static inline void put_unaligned_le64(u64 val, void *p) { *((__le64 *)p) = cpu_to_le64(val); }
static inline void put_unaligned_be16(u16 val, void *p) { *((__be16 *)p) = cpu_to_be16(val); }
static inline void put_unaligned_be32(u32 val, void *p) { *((__be32 *)p) = cpu_to_be32(val); }
static inline void put_unaligned_be64(u64 val, void *p) { *((__be64 *)p) = cpu_to_be64(val); }

#define get_unaligned(ptr) (*(ptr))
#define put_unaligned(val, ptr) ((void)(*(ptr) = (val)))

#endif /* _WHOOP_ASM_UNALIGNED_H */
