/* whoop model: asm/io.h - MMIO accessors, port I/O and ioremap (extern prototypes, rule 9). */
#ifndef _WHOOP_ASM_IO_H
#define _WHOOP_ASM_IO_H

#include <linux/compiler.h>
#include <linux/types.h>
#include <asm/page.h>

/* Device memory is not driver memory: every accessor is an external call. */
extern unsigned char readb(const volatile void __iomem *addr);
extern unsigned short readw(const volatile void __iomem *addr);
extern unsigned int readl(const volatile void __iomem *addr);
extern unsigned long readq(const volatile void __iomem *addr);
extern void writeb(unsigned char val, volatile void __iomem *addr);
extern void writew(unsigned short val, volatile void __iomem *addr);
extern void writel(unsigned int val, volatile void __iomem *addr);
extern void writeq(unsigned long val, volatile void __iomem *addr);

extern unsigned char __raw_readb(const volatile void __iomem *addr);
extern unsigned short __raw_readw(const volatile void __iomem *addr);
extern unsigned int __raw_readl(const volatile void __iomem *addr);
extern unsigned long __raw_readq(const volatile void __iomem *addr);
extern void __raw_writeb(unsigned char val, volatile void __iomem *addr);
extern void __raw_writew(unsigned short val, volatile void __iomem *addr);
extern void __raw_writel(unsigned int val, volatile void __iomem *addr);
extern void __raw_writeq(unsigned long val, volatile void __iomem *addr);

#define readb_relaxed(a) readb(a)
#define readw_relaxed(a) readw(a)
#define readl_relaxed(a) readl(a)
#define readq_relaxed(a) readq(a)
#define writeb_relaxed(v, a) writeb(v, a)
#define writew_relaxed(v, a) writew(v, a)
#define writel_relaxed(v, a) writel(v, a)
#define writeq_relaxed(v, a) writeq(v, a)
#define __readb readb
#define __readw readw
#define __readl readl
#define __writeb writeb
#define __writew writew
#define __writel writel
#define mmiowb() barrier()

extern unsigned int ioread8(void __iomem *);
extern unsigned int ioread16(void __iomem *);
extern unsigned int ioread16be(void __iomem *);
extern unsigned int ioread32(void __iomem *);
extern unsigned int ioread32be(void __iomem *);
extern void iowrite8(u8, void __iomem *);
extern void iowrite16(u16, void __iomem *);
extern void iowrite16be(u16, void __iomem *);
extern void iowrite32(u32, void __iomem *);
extern void iowrite32be(u32, void __iomem *);
extern void ioread8_rep(void __iomem *port, void *buf, unsigned long count);
extern void ioread16_rep(void __iomem *port, void *buf, unsigned long count);
extern void ioread32_rep(void __iomem *port, void *buf, unsigned long count);
extern void iowrite8_rep(void __iomem *port, const void *buf, unsigned long count);
extern void iowrite16_rep(void __iomem *port, const void *buf, unsigned long count);
extern void iowrite32_rep(void __iomem *port, const void *buf, unsigned long count);

extern void __iomem *ioport_map(unsigned long port, unsigned int nr);
extern void ioport_unmap(void __iomem *);

extern unsigned char inb(int port);
extern unsigned short inw(int port);
extern unsigned int inl(int port);
extern void outb(unsigned char value, int port);
extern void outw(unsigned short value, int port);
extern void outl(unsigned int value, int port);
extern unsigned char inb_p(int port);
extern unsigned short inw_p(int port);
extern unsigned int inl_p(int port);
extern void outb_p(unsigned char value, int port);
extern void outw_p(unsigned short value, int port);
extern void outl_p(unsigned int value, int port);
extern void insb(int port, void *addr, unsigned long count);
extern void insw(int port, void *addr, unsigned long count);
extern void insl(int port, void *addr, unsigned long count);
extern void outsb(int port, const void *addr, unsigned long count);
extern void outsw(int port, const void *addr, unsigned long count);
extern void outsl(int port, const void *addr, unsigned long count);

extern void memcpy_fromio(void *dst, const volatile void __iomem *src, size_t count);
extern void memcpy_toio(volatile void __iomem *dst, const void *src, size_t count);
extern void memset_io(volatile void __iomem *addr, unsigned char val, size_t count);

extern void __iomem *ioremap(resource_size_t offset, unsigned long size);
extern void __iomem *ioremap_nocache(resource_size_t offset, unsigned long size);
extern void __iomem *ioremap_uc(resource_size_t offset, unsigned long size);
extern void __iomem *ioremap_cache(resource_size_t offset, unsigned long size);
extern void __iomem *ioremap_wc(resource_size_t offset, unsigned long size);
extern void __iomem *ioremap_prot(resource_size_t offset, unsigned long size, unsigned long prot_val);
extern void iounmap(volatile void __iomem *addr);

extern phys_addr_t virt_to_phys(volatile void *address);
extern void *phys_to_virt(phys_addr_t address);
extern unsigned long virt_to_bus(volatile void *address);
extern void *bus_to_virt(unsigned long address);
#define isa_virt_to_bus virt_to_phys
#define isa_page_to_bus page_to_phys
#define isa_bus_to_virt phys_to_virt
#define page_to_bus page_to_phys
#define xlate_dev_mem_ptr(p) __va(p)
#define xlate_dev_kmem_ptr(p) p

/* PowerPC and m68k MMIO accessors (not on x86); m68k drivers such as swim use them. */
extern u8 in_8(const volatile u8 __iomem *addr);
extern void out_8(volatile u8 __iomem *addr, u8 val);
extern u16 in_le16(const volatile u16 __iomem *addr);
extern u16 in_be16(const volatile u16 __iomem *addr);
extern void out_le16(volatile u16 __iomem *addr, u16 val);
extern void out_be16(volatile u16 __iomem *addr, u16 val);
extern u32 in_le32(const volatile u32 __iomem *addr);
extern u32 in_be32(const volatile u32 __iomem *addr);
extern void out_le32(volatile u32 __iomem *addr, u32 val);
extern void out_be32(volatile u32 __iomem *addr, u32 val);

#define IO_SPACE_LIMIT 0xffff

#endif /* _WHOOP_ASM_IO_H */
