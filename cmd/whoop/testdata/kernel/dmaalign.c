// A DMA buffer aligned inside the driver's struct and mapped with
// dma_map_single, as i2c-ismt.c does with PTR_ALIGN(&priv->buffer[0], 16):
// the alignment mask and the x86 address translation in dma_map_single
// (__pa's phys_base, virt_to_page's vmemmap_base) used to collapse the
// whole struct, so its mutex could not be identified and every access
// raced. The struct's members are apart now (in-bounds, kernel-integers):
// only the write outside the lock races.
#include <linux/module.h>
#include <linux/miscdevice.h>
#include <linux/fs.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/dma-mapping.h>

struct da_priv {
	struct mutex lock;
	struct device *dev;
	int count;
	int unlocked;
	u8 buffer[32 + 16];
};

static struct da_priv *da;

static long da_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct da_priv *p = da;
	u8 *buf = PTR_ALIGN(&p->buffer[0], 16);
	dma_addr_t addr;

	mutex_lock(&p->lock);
	p->count++;
	buf[0] = cmd;
	addr = dma_map_single(p->dev, buf, 32, DMA_TO_DEVICE);
	if (!dma_mapping_error(p->dev, addr))
		dma_unmap_single(p->dev, addr, 32, DMA_TO_DEVICE);
	mutex_unlock(&p->lock);
	p->unlocked = cmd; // want "race"
	return 0;
}

static const struct file_operations da_fops = {
	.owner = THIS_MODULE,
	.unlocked_ioctl = da_ioctl,
};

static struct miscdevice da_misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "dmaalign",
	.fops = &da_fops,
};

static int __init da_init(void)
{
	da = kzalloc(sizeof(*da), GFP_KERNEL);
	if (!da)
		return -ENOMEM;
	mutex_init(&da->lock);
	return misc_register(&da_misc);
}
module_init(da_init);

static void __exit da_exit(void)
{
	misc_deregister(&da_misc);
	kfree(da);
}
module_exit(da_exit);

MODULE_LICENSE("GPL");
