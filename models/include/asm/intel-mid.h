/* whoop model: asm/intel-mid.h - Intel MID platform identification and SFI timer lookup. */
#ifndef _WHOOP_ASM_INTEL_MID_H
#define _WHOOP_ASM_INTEL_MID_H

#include <linux/sfi.h>

enum intel_mid_cpu_type {
	INTEL_MID_CPU_CHIP_PENWELL = 2,
	INTEL_MID_CPU_CHIP_CLOVERVIEW,
	INTEL_MID_CPU_CHIP_TANGIER,
};

extern enum intel_mid_cpu_type __intel_mid_cpu_chip;
extern int intel_mid_identify_cpu(void);
extern struct sfi_timer_table_entry *sfi_get_mtmr(int hint);
extern int sfi_mtimer_num;

#endif
