/* whoop model: asm/cio.h - s390 channel I/O: channel command words and interruption response blocks. */
#ifndef _WHOOP_ASM_CIO_H
#define _WHOOP_ASM_CIO_H

#include <linux/types.h>

/* A format-1 channel command word. */
struct ccw1 {
	__u8 cmd_code;
	__u8 flags;
	__u16 count;
	__u32 cda;
};

#define CCW_FLAG_DC 0x80
#define CCW_FLAG_CC 0x40
#define CCW_FLAG_SLI 0x20
#define CCW_FLAG_SKIP 0x10
#define CCW_FLAG_PCI 0x08
#define CCW_FLAG_IDA 0x04
#define CCW_FLAG_SUSPEND 0x02

#define CCW_CMD_READ_IPL 0x02
#define CCW_CMD_NOOP 0x03
#define CCW_CMD_BASIC_SENSE 0x04
#define CCW_CMD_TIC 0x08
#define CCW_CMD_SENSE_PGID 0x34
#define CCW_CMD_SUSPEND_RECONN 0x5B
#define CCW_CMD_RDC 0x64
#define CCW_CMD_RELEASE 0x94
#define CCW_CMD_SET_PGID 0xAF
#define CCW_CMD_SENSE_ID 0xE4
#define CCW_CMD_DCTL 0xF3

/* Command-mode subchannel status word (the fields drivers read). */
struct cmd_scsw {
	__u32 key:4;
	__u32 sctl:1;
	__u32 eswf:1;
	__u32 cc:2;
	__u32 fmt:1;
	__u32 pfch:1;
	__u32 isic:1;
	__u32 alcc:1;
	__u32 ssi:1;
	__u32 zcc:1;
	__u32 ectl:1;
	__u32 pno:1;
	__u32 res:1;
	__u32 fctl:3;
	__u32 actl:7;
	__u32 stctl:5;
	__u32 cpa;
	__u32 dstat:8;
	__u32 cstat:8;
	__u32 count:16;
};

union scsw {
	struct cmd_scsw cmd;
};

struct irb {
	union scsw scsw;
	__u32 esw[5];
	__u8 ecw[32];
	__u32 emw[8];
};

/* Device status bits (scsw.cmd.dstat). */
#define DEV_STAT_ATTENTION 0x80
#define DEV_STAT_STATMOD 0x40
#define DEV_STAT_CU_END 0x20
#define DEV_STAT_BUSY 0x10
#define DEV_STAT_CHN_END 0x08
#define DEV_STAT_DEV_END 0x04
#define DEV_STAT_UNIT_CHECK 0x02
#define DEV_STAT_UNIT_EXCEP 0x01

/* Subchannel status bits (scsw.cmd.cstat). */
#define SCHN_STAT_PCI 0x80
#define SCHN_STAT_INCORR_LEN 0x40
#define SCHN_STAT_PROG_CHECK 0x20
#define SCHN_STAT_PROT_CHECK 0x10
#define SCHN_STAT_CHN_DATA_CHK 0x08
#define SCHN_STAT_CHN_CTRL_CHK 0x04
#define SCHN_STAT_INTF_CTRL_CHK 0x02
#define SCHN_STAT_CHAIN_CHECK 0x01

#endif
