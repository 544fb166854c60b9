/* whoop model: linux/ioport.h - I/O and memory resources, request_region (rule 9). */
#ifndef _WHOOP_LINUX_IOPORT_H
#define _WHOOP_LINUX_IOPORT_H

#include <linux/compiler.h>
#include <linux/types.h>

struct device;

struct resource {
	resource_size_t start;
	resource_size_t end;
	const char *name;
	unsigned long flags;
	struct resource *parent, *sibling, *child;
};

#define IORESOURCE_BITS 0x000000ff
#define IORESOURCE_TYPE_BITS 0x00001f00
#define IORESOURCE_IO 0x00000100
#define IORESOURCE_MEM 0x00000200
#define IORESOURCE_REG 0x00000300
#define IORESOURCE_IRQ 0x00000400
#define IORESOURCE_DMA 0x00000800
#define IORESOURCE_BUS 0x00001000
#define IORESOURCE_PREFETCH 0x00002000
#define IORESOURCE_READONLY 0x00004000
#define IORESOURCE_CACHEABLE 0x00008000
#define IORESOURCE_RANGELENGTH 0x00010000
#define IORESOURCE_SHADOWABLE 0x00020000
#define IORESOURCE_SIZEALIGN 0x00040000
#define IORESOURCE_STARTALIGN 0x00080000
#define IORESOURCE_MEM_64 0x00100000
#define IORESOURCE_WINDOW 0x00200000
#define IORESOURCE_MUXED 0x00400000
#define IORESOURCE_EXCLUSIVE 0x08000000
#define IORESOURCE_DISABLED 0x10000000
#define IORESOURCE_UNSET 0x20000000
#define IORESOURCE_AUTO 0x40000000
#define IORESOURCE_BUSY 0x80000000

#define IORESOURCE_IRQ_HIGHEDGE (1 << 0)
#define IORESOURCE_IRQ_LOWEDGE (1 << 1)
#define IORESOURCE_IRQ_HIGHLEVEL (1 << 2)
#define IORESOURCE_IRQ_LOWLEVEL (1 << 3)
#define IORESOURCE_IRQ_SHAREABLE (1 << 4)

#define DEFINE_RES_NAMED(_start, _size, _name, _flags) \
	{ .start = (_start), .end = (_start) + (_size) - 1, .name = (_name), .flags = (_flags), }
#define DEFINE_RES_IO_NAMED(_start, _size, _name) DEFINE_RES_NAMED((_start), (_size), (_name), IORESOURCE_IO)
#define DEFINE_RES_IO(_start, _size) DEFINE_RES_IO_NAMED((_start), (_size), NULL)
#define DEFINE_RES_MEM_NAMED(_start, _size, _name) DEFINE_RES_NAMED((_start), (_size), (_name), IORESOURCE_MEM)
#define DEFINE_RES_MEM(_start, _size) DEFINE_RES_MEM_NAMED((_start), (_size), NULL)
#define DEFINE_RES_IRQ_NAMED(_irq, _name) DEFINE_RES_NAMED((_irq), 1, (_name), IORESOURCE_IRQ)
#define DEFINE_RES_IRQ(_irq) DEFINE_RES_IRQ_NAMED((_irq), NULL)
#define DEFINE_RES_DMA_NAMED(_dma, _name) DEFINE_RES_NAMED((_dma), 1, (_name), IORESOURCE_DMA)
#define DEFINE_RES_DMA(_dma) DEFINE_RES_DMA_NAMED((_dma), NULL)

extern struct resource ioport_resource;
extern struct resource iomem_resource;

extern struct resource *request_resource_conflict(struct resource *root, struct resource *new);
extern int request_resource(struct resource *root, struct resource *new);
extern int release_resource(struct resource *new);
extern int insert_resource(struct resource *parent, struct resource *new);
extern int allocate_resource(struct resource *root, struct resource *new, resource_size_t size,
			     resource_size_t min, resource_size_t max, resource_size_t align,
			     resource_size_t (*alignf)(void *, const struct resource *, resource_size_t,
						      resource_size_t),
			     void *alignf_data);
extern int adjust_resource(struct resource *res, resource_size_t start, resource_size_t size);

static inline resource_size_t resource_size(const struct resource *res)
{
	return res->end - res->start + 1;
}

static inline unsigned long resource_type(const struct resource *res)
{
	return res->flags & IORESOURCE_TYPE_BITS;
}

extern struct resource *__request_region(struct resource *, resource_size_t start, resource_size_t n,
					 const char *name, int flags);
extern void __release_region(struct resource *, resource_size_t, resource_size_t);

/* Port and memory region reservation: extern prototypes under their kernel names (rule 9). */
extern struct resource *request_region(resource_size_t start, resource_size_t n, const char *name);
extern struct resource *request_muxed_region(resource_size_t start, resource_size_t n, const char *name);
extern struct resource *request_mem_region(resource_size_t start, resource_size_t n, const char *name);
extern struct resource *request_mem_region_exclusive(resource_size_t start, resource_size_t n,
						     const char *name);
extern void release_region(resource_size_t start, resource_size_t n);
extern void release_mem_region(resource_size_t start, resource_size_t n);
extern int __check_region(struct resource *, resource_size_t, resource_size_t);
#define check_region(start, n) __check_region(&ioport_resource, (start), (n))
#define check_mem_region(start, n) __check_region(&iomem_resource, (start), (n))

extern struct resource *devm_request_region(struct device *dev, resource_size_t start, resource_size_t n,
					    const char *name);
extern struct resource *devm_request_mem_region(struct device *dev, resource_size_t start,
						resource_size_t n, const char *name);
extern void devm_release_region(struct device *dev, resource_size_t start, resource_size_t n);
extern void devm_release_mem_region(struct device *dev, resource_size_t start, resource_size_t n);

extern int iomem_map_sanity_check(resource_size_t addr, unsigned long size);
extern int iomem_is_exclusive(u64 addr);
extern int region_is_ram(resource_size_t offset, unsigned long size);

static inline bool resource_contains(struct resource *r1, struct resource *r2)
{
	if (resource_type(r1) != resource_type(r2))
		return false;
	if (r1->flags & IORESOURCE_UNSET || r2->flags & IORESOURCE_UNSET)
		return false;
	return r1->start <= r2->start && r1->end >= r2->end;
}

#endif /* _WHOOP_LINUX_IOPORT_H */
