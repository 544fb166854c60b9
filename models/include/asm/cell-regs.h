/* whoop model: asm/cell-regs.h - Cell Broadband Engine IOMMU page-table entry bits. */
#ifndef _WHOOP_ASM_CELL_REGS_H
#define _WHOOP_ASM_CELL_REGS_H

#include <linux/types.h>

#define CBE_IOPTE_PP_W 0x8000000000000000ul
#define CBE_IOPTE_PP_R 0x4000000000000000ul
#define CBE_IOPTE_M 0x2000000000000000ul
#define CBE_IOPTE_SO_R 0x1000000000000000ul
#define CBE_IOPTE_SO_W 0x0800000000000000ul
#define CBE_IOPTE_SO_RW 0x1800000000000000ul
#define CBE_IOPTE_RPN_Mask 0x07fffffffffff000ul
#define CBE_IOPTE_H 0x0000000000000800ul
#define CBE_IOPTE_IOID_Mask 0x00000000000007fful

#endif
