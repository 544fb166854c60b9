/* whoop model: asm/nvram.h - byte access to the platform's non-volatile RAM (PowerPC interface). */
#ifndef _WHOOP_ASM_NVRAM_H
#define _WHOOP_ASM_NVRAM_H

#include <linux/errno.h>
#include <linux/types.h>
#include <linux/ioctl.h>

#define NVRW_CNT 0x20
#define NVRAM_HEADER_LEN sizeof(struct nvram_header)
#define NVRAM_BLOCK_LEN NVRAM_HEADER_LEN

#define OBSOLETE_PMAC_NVRAM_GET_OFFSET _IOWR('p', 0x40, int)
#define OBSOLETE_PMAC_NVRAM_SET_OFFSET _IOWR('p', 0x41, int)
#define IOC_NVRAM_GET_OFFSET _IOWR('p', 0x42, int)
#define IOC_NVRAM_SYNC _IO('p', 0x43)

enum {
	pmac_nvram_OF,
	pmac_nvram_XPRAM,
	pmac_nvram_NR
};

struct nvram_header {
	unsigned char signature;
	unsigned char checksum;
	unsigned short length;
	char name[12];
};

extern unsigned char nvram_read_byte(int addr);
extern void nvram_write_byte(unsigned char val, int addr);
extern ssize_t nvram_get_size(void);
extern void nvram_sync(void);
extern int pmac_get_partition(int partition);
extern u8 pmac_xpram_read(int xpaddr);
extern void pmac_xpram_write(int xpaddr, u8 data);

#endif /* _WHOOP_ASM_NVRAM_H */
