/* whoop model: asm/apb_timer.h - the Moorestown APB timers (only what drivers name). */
#ifndef _WHOOP_ASM_APB_TIMER_H
#define _WHOOP_ASM_APB_TIMER_H

#include <linux/sfi.h>

#define APBTMRS_REG_SIZE 0x14

#endif
