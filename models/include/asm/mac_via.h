/* whoop model: asm/mac_via.h - the Macintosh VIA chips (m68k), used by the SWIM floppy driver. */
#ifndef _WHOOP_ASM_MAC_VIA_H
#define _WHOOP_ASM_MAC_VIA_H

#include <linux/types.h>

#define VIA1_BASE (0x50F00000)
#define VIA2_BASE (0x50F02000)
#define RBV_BASE (0x50F26000)

/* Register offsets (each register is 0x200 bytes apart). */
#define vBufB 0x0000
#define vBufAH 0x0200
#define vDirB 0x0400
#define vDirA 0x0600
#define vT1CL 0x0800
#define vT1CH 0x0a00
#define vT1LL 0x0c00
#define vT1LH 0x0e00
#define vT2CL 0x1000
#define vT2CH 0x1200
#define vSR 0x1400
#define vACR 0x1600
#define vPCR 0x1800
#define vIFR 0x1a00
#define vIER 0x1c00
#define vBufA 0x1e00

/* VIA1 port A bits. */
#define VIA1A_vSccWrReq 0x80
#define VIA1A_vRev8 0x40
#define VIA1A_vHeadSel 0x20
#define VIA1A_vOverlay 0x10
#define VIA1A_vSync 0x08
#define VIA1A_vVolume 0x07

/* VIA1 port B bits. */
#define VIA1B_vSound 0x80
#define VIA1B_vMystery 0x40
#define VIA1B_vADBS2 0x20
#define VIA1B_vADBS1 0x10
#define VIA1B_vADBInt 0x08
#define VIA1B_vRTCEnb 0x04
#define VIA1B_vRTCClk 0x02
#define VIA1B_vRTCData 0x01

extern volatile __u8 *via1, *via2;
extern int rbv_present, via_alt_mapping;

extern void via_register_interrupts(void);
extern void via_irq_enable(int);
extern void via_irq_disable(int);
extern void via_nubus_irq_startup(int irq);
extern void via_nubus_irq_shutdown(int irq);
extern void via1_irq(unsigned int irq, void *desc);
extern void via1_set_head(int);
extern int via2_scsi_drq_pending(void);

#endif /* _WHOOP_ASM_MAC_VIA_H */
