/* whoop model: asm/delay.h - architecture delay loops; the generic ones in linux/delay.h. */
#ifndef _WHOOP_ASM_DELAY_H
#define _WHOOP_ASM_DELAY_H

#include <linux/delay.h>

#endif
