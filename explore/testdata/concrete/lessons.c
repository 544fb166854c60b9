// The ioctl writes the configuration and a count only when the argument
// changes bit 8 of the features and not bit 9 (an xor of the argument
// and a field the init sets, then a bit test). The work function reads
// the configuration while the device runs (an external boolean: the
// branch on it teaches 0, taken with the rest of a run's lessons, and
// must be given up) and its receive buffer is not empty (bit 0 of a port
// clear); it counts a frame that is neither oversized (an ordering test)
// nor empty. The explorer's concrete runs must learn all of it and
// confirm both races without a solver query.
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/netdevice.h>
#include <linux/workqueue.h>
#include <linux/spinlock.h>
#include <linux/slab.h>
#include <linux/io.h>

struct hw_priv {
	struct work_struct work;
	struct net_device *ndev;
	spinlock_t lock;
	unsigned long features;
	unsigned int len;
	unsigned int config, frames;
};

static struct hw_priv *hw;

static void hw_work(struct work_struct *work)
{
	struct hw_priv *p = container_of(work, struct hw_priv, work);
	unsigned int len = inw(0x308);

	while (netif_running(p->ndev) && (inb(0x300) & 0x01) == 0) {
		outl(p->config, 0x304); // want "race"
		break;
	}
	if (len >= 1536 || len == 0)
		return; // oversized or empty
	p->frames++; // want "race"
}

static long hw_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct hw_priv *p = hw;
	unsigned long changed = arg ^ p->features;

	if ((changed & 0x300) != 0x100)
		return 0;
	spin_lock(&p->lock);
	p->config = arg; // want "race"
	p->frames = 0; // want "race"
	spin_unlock(&p->lock);
	return 0;
}

static const struct file_operations hw_fops = {
	.owner = THIS_MODULE,
	.unlocked_ioctl = hw_ioctl,
};

static struct miscdevice hw_dev = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "hw",
	.fops = &hw_fops,
};

static int __init hw_init(void)
{
	hw = kzalloc(sizeof(*hw), GFP_KERNEL);
	if (!hw)
		return -ENOMEM;
	spin_lock_init(&hw->lock);
	hw->features = 0x2a5;
	INIT_WORK(&hw->work, hw_work);
	schedule_work(&hw->work); /* a work item runs only once queued */
	return misc_register(&hw_dev);
}

static void __exit hw_exit(void)
{
	misc_deregister(&hw_dev);
	cancel_work_sync(&hw->work);
	kfree(hw);
}
module_init(hw_init);
module_exit(hw_exit);
MODULE_LICENSE("GPL");
