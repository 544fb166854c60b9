/* A pointer rounded to an alignment (PTR_ALIGN's mask, roundup's divide
 * and multiply) lies within the alignment of the pointer it came from:
 * pointer arithmetic with an unknown index, which folds the array it
 * starts in (in-bounds), not the whole struct (i2c-ismt.c's
 * PTR_ALIGN(&priv->buffer[0], 16), hpilo.c's roundup of its DMA block).
 * A physical address made from a pointer and a kernel integer global
 * (__pa: buf - __START_KERNEL_map + phys_base) and the struct page made
 * from it (virt_to_page: vmemmap_base + (pa >> PAGE_SHIFT)) leave the
 * buffer's struct alone (kernel-integers). A mask that is no alignment
 * still collapses. */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/mutex.h>
#include <linux/miscdevice.h>

/* x86's address translation constants (arch/x86/include/asm/page_64.h) */
extern unsigned long test_phys_base;
extern unsigned long test_page_offset_base;
extern unsigned long test_vmemmap_base;
struct page;
extern int test_map_page(struct page *page, unsigned long offset);

struct priv {
	struct mutex lock;
	int count;
	u8 buffer[48];
	u8 block[64];
	int tail;
};

struct other {
	int a;
	int b;
};

/* The aligned pointer may lie up to 7 bytes past tag[0], in len too: the
 * walk folds the struct around all of them. */
struct small {
	u8 tag[2];
	int len;
	int x;
};

static struct priv gpriv;
static struct small gsmall;
static struct other gother;

static long al_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct priv *p = &gpriv;
	struct other *o = &gother;
	u8 *dma = PTR_ALIGN(&p->buffer[0], 16);
	u8 *blk = (u8 *)roundup((unsigned long)p->block, 32);
	unsigned long pa, y;
	int *bad;
	u8 *q = PTR_ALIGN(&gsmall.tag[0], 8);

	mutex_lock(&p->lock);                   // want arg 0 "global gpriv.lock" exact
	p->count++;                             // want region "global gpriv.count"
	mutex_unlock(&p->lock);
	dma[0] = 1;                             // want region "global gpriv.buffer[]"
	blk[1] = 2;                             // want region "global gpriv.block[]"
	/* virt_to_page and offset_in_page as dma_map_single has them
	 * (__phys_addr_nodebug, arch/x86/include/asm/page_64.h) */
	pa = (unsigned long)p->buffer;
	y = pa - 0xffffffff80000000UL;
	pa = y + ((pa > y) ? test_phys_base : (0xffffffff80000000UL - test_page_offset_base));
	test_map_page((struct page *)test_vmemmap_base + (pa >> 12), pa & 4095);
	q[0] = 5;                               // want region "global gsmall"
	gsmall.len = 6;                         // want region "global gsmall"
	p->tail = 3;                            // want region "global gpriv.tail"
	bad = (int *)((unsigned long)o & 0xff0fUL);
	*bad = 4;                               // want collapsed
	return o->b;                            // want collapsed
}

static const struct file_operations al_fops = {
	.owner = THIS_MODULE,
	.unlocked_ioctl = al_ioctl,
};

static struct miscdevice al_misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "al",
	.fops = &al_fops,
};

static int __init al_init(void)
{
	mutex_init(&gpriv.lock);
	return misc_register(&al_misc);
}
module_init(al_init);
