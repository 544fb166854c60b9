/* whoop model: asm/lv1call.h - PS3 hypervisor (LV1) calls used by the GPU drivers. Calls that
 * return values do so through their u64 out-pointers: the helper table (models/helpers.go)
 * records those writes. */
#ifndef _WHOOP_ASM_LV1CALL_H
#define _WHOOP_ASM_LV1CALL_H

#include <linux/types.h>

extern s64 lv1_gpu_memory_allocate(u64 size, u64 p1, u64 p2, u64 p3, u64 p4, u64 *memory_handle, u64 *ddr_lpar);
extern s64 lv1_gpu_memory_free(u64 memory_handle);
extern s64 lv1_gpu_context_allocate(u64 memory_handle, u64 flags, u64 *context_handle, u64 *lpar_dma_control,
				    u64 *lpar_driver_info, u64 *lpar_reports, u64 *lpar_reports_size);
extern s64 lv1_gpu_context_free(u64 context_handle);
extern s64 lv1_gpu_context_iomap(u64 context_handle, u64 gpu_ioif, u64 xdr_lpar, u64 fb_size, u64 ioflag);
extern s64 lv1_gpu_fb_blit(u64 context_handle, u64 p0, u64 p1, u64 p2, u64 p3);
extern s64 lv1_gpu_context_attribute(u64 context_handle, u64 op, u64 p1, u64 p2, u64 p3, u64 p4);

#endif
