/* whoop model: asm/ps3gpu.h - the PS3 GPU's shared command mutex. */
#ifndef _WHOOP_ASM_PS3GPU_H
#define _WHOOP_ASM_PS3GPU_H

#include <linux/mutex.h>

/* Serialises GPU command submission between ps3fb and ps3vram. */
extern struct mutex ps3_gpu_mutex;

#endif
