/* whoop model: scsi/scsi.h - SCSI opcodes, sense keys and status bytes (plain constants). */
#ifndef _WHOOP_SCSI_SCSI_H
#define _WHOOP_SCSI_SCSI_H

#include <linux/types.h>

/* Opcodes. */
#define TEST_UNIT_READY 0x00
#define REQUEST_SENSE 0x03
#define READ_6 0x08
#define WRITE_6 0x0a
#define INQUIRY 0x12
#define MODE_SENSE 0x1a
#define START_STOP 0x1b
#define READ_CAPACITY 0x25
#define READ_10 0x28
#define WRITE_10 0x2a
#define SYNCHRONIZE_CACHE 0x35

/* Sense keys. */
#define NO_SENSE 0x00
#define RECOVERED_ERROR 0x01
#define NOT_READY 0x02
#define MEDIUM_ERROR 0x03
#define HARDWARE_ERROR 0x04
#define ILLEGAL_REQUEST 0x05
#define UNIT_ATTENTION 0x06
#define DATA_PROTECT 0x07
#define BLANK_CHECK 0x08
#define COPY_ABORTED 0x0a
#define ABORTED_COMMAND 0x0b
#define VOLUME_OVERFLOW 0x0d
#define MISCOMPARE 0x0e

/* Status bytes. */
#define SAM_STAT_GOOD 0x00
#define SAM_STAT_CHECK_CONDITION 0x02
#define SAM_STAT_BUSY 0x08

#endif
