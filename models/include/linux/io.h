/* whoop model: linux/io.h - device-managed ioremap and I/O mapping helpers. */
#ifndef _WHOOP_LINUX_IO_H
#define _WHOOP_LINUX_IO_H

#include <linux/types.h>
#include <linux/err.h>
#include <asm/io.h>
#include <asm/page.h>

struct device;
struct resource;

extern void __iomem *devm_ioremap(struct device *dev, resource_size_t offset, unsigned long size);
extern void __iomem *devm_ioremap_nocache(struct device *dev, resource_size_t offset, unsigned long size);
extern void __iomem *devm_ioremap_wc(struct device *dev, resource_size_t offset, unsigned long size);
extern void devm_iounmap(struct device *dev, void __iomem *addr);
extern int check_signature(const volatile void __iomem *io_addr, const unsigned char *signature, int length);
extern void devm_ioremap_release(struct device *dev, void *res);
extern void __iomem *devm_ioport_map(struct device *dev, unsigned long port, unsigned int nr);
extern void devm_ioport_unmap(struct device *dev, void __iomem *addr);

extern int arch_phys_wc_add(unsigned long base, unsigned long size);
extern void arch_phys_wc_del(int handle);
extern int ioremap_page_range(unsigned long addr, unsigned long end, phys_addr_t phys_addr, pgprot_t prot);

#endif /* _WHOOP_LINUX_IO_H */
