/* whoop model: asm/sn/intr.h - SGI SN2 interrupt vectors and sn_irq_info. */
#ifndef _WHOOP_ASM_SN_INTR_H
#define _WHOOP_ASM_SN_INTR_H

#include <linux/rcupdate.h>
#include <asm/sn/types.h>

#define SGI_XPC_ACTIVATE 0x30
#define SGI_II_ERROR 0x31
#define SGI_XBOW_ERROR 0x32
#define SGI_PCIASIC_ERROR 0x33
#define SGI_ACPI_SCI_INT 0x34
#define SGI_TIOCA_ERROR 0x35
#define SGI_TIO_ERROR 0x36
#define SGI_TIOCX_ERROR 0x37
#define SGI_MMTIMER_VECTOR 0x38
#define SGI_XPC_NOTIFY 0xe7

#define IA64_SN2_FIRST_DEVICE_VECTOR 0x3c
#define IA64_SN2_LAST_DEVICE_VECTOR 0xe6

#define SN2_IRQ_RESERVED 0x1
#define SN2_IRQ_CONNECTED 0x2
#define SN2_IRQ_SHARED 0x4

#define SGI_UART_VECTOR 0xe9

#define CPU_VECTOR_TO_IRQ(cpuid, vector) (vector)
#define SN_CPU_FROM_IRQ(irq) (0)
#define SN_IVEC_FROM_IRQ(irq) (irq)

struct sn_irq_info {
	struct sn_irq_info *irq_next;
	short irq_nasid;
	int irq_slice;
	int irq_cpuid;
	int irq_irq;
	int irq_int_bit;
	u64 irq_xtalkaddr;
	int irq_bridge_type;
	void *irq_bridge;
	void *irq_pciioinfo;
	int irq_last_intr;
	int irq_cookie;
	int irq_flags;
	int irq_share_cnt;
	struct list_head list;
	struct rcu_head rcu;
};

extern void sn_send_IPI_phys(int, long, int, int);
extern u64 sn_intr_redirect(unsigned int irq, int cpu);
extern void sn_irq_init(void);

#endif /* _WHOOP_ASM_SN_INTR_H */
