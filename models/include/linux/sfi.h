/* whoop model: linux/sfi.h - Simple Firmware Interface tables (the timer entries MID drivers read). */
#ifndef _WHOOP_LINUX_SFI_H
#define _WHOOP_LINUX_SFI_H

#include <linux/types.h>

/* One system timer as the firmware's MTMR table describes it. */
struct sfi_timer_table_entry {
	u64 phys_addr;
	u32 freq_hz;
	u32 irq;
};

#endif
