/* whoop model: asm/intel_scu_ipc.h - commands to the Intel MID System Controller Unit. */
#ifndef _WHOOP_ASM_INTEL_SCU_IPC_H
#define _WHOOP_ASM_INTEL_SCU_IPC_H

#include <linux/types.h>

extern int intel_scu_ipc_command(int cmd, int sub, u32 *in, int inlen, u32 *out, int outlen);
extern int intel_scu_ipc_simple_command(int cmd, int sub);

#endif
