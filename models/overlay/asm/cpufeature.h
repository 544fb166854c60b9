/* whoop tree-mode overlay: static_cpu_has() as boot_cpu_has(). The tree's
 * picks the same answer from boot_cpu_data by patching an asm goto at boot
 * (alternatives), expanded twice per use; cpu_feature_enabled() is used
 * dozens of times in the headers a driver includes, and the two expansions
 * were a sixth of the preprocessed text. The value is the same, the asm
 * touches no driver memory, and the DISABLED/REQUIRED mask folding stays. */
#include_next <asm/cpufeature.h>
#undef static_cpu_has
#define static_cpu_has(bit) boot_cpu_has(bit)
