/* Unpublished allocations (A9) from the generic irq chip allocators:
 * devm_irq_alloc_generic_chip (kernel/irq/devres.c: devm_kzalloc, then
 * irq_init_generic_chip) and irq_alloc_generic_chip (kernel/irq/
 * generic-chip.c: kzalloc) return memory no live pointer names, so what
 * the driver fills in before devm_irq_setup_generic_chip installs the chip
 * is private to the call (gpio-ml-ioh.c's gc->private). */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>

struct irq_chip_generic {
	void *private;
	unsigned int mask_cache;
};

extern struct irq_chip_generic *devm_irq_alloc_generic_chip(struct device *dev, const char *name, int num_ct,
							     unsigned int irq_base, void *reg_base, void *handler);
extern struct irq_chip_generic *irq_alloc_generic_chip(const char *name, int num_ct, unsigned int irq_base,
							void *reg_base, void *handler);
extern int devm_irq_setup_generic_chip(struct device *dev, struct irq_chip_generic *gc, u32 msk,
				       int flags, unsigned int clr, unsigned int set);

static int owner;
static struct device *the_dev;
static struct irq_chip_generic *last;

static int dev_open(struct inode *inode, struct file *file)
{
	struct irq_chip_generic *gc = devm_irq_alloc_generic_chip(the_dev, "x", 1, 0, NULL, NULL);
	struct irq_chip_generic *gc2;

	if (!gc)
		return -ENOMEM;
	gc->private = &owner;                        // want shared private
	devm_irq_setup_generic_chip(the_dev, gc, 1, 0, 0, 0);
	gc->mask_cache = 1;                          // want shared not-private
	gc2 = irq_alloc_generic_chip("y", 1, 0, NULL, NULL);
	if (!gc2)
		return -ENOMEM;
	gc2->private = &owner;                       // want shared private
	last = gc2;
	return 0;
}

static const struct file_operations dev_fops = { .owner = THIS_MODULE, .open = dev_open };
static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "gc", &dev_fops };

static int __init dev_init(void) { return misc_register(&dev_misc); }
module_init(dev_init);
MODULE_LICENSE("GPL");
