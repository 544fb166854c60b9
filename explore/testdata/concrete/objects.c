// The ioctl and the work function reach one device through different
// pointers: the file's private data and container_of the work item. They
// race on count only when both are at the same object, the work function
// gets past an ordering test of two fields (used > limit) and a
// status bit of a port (0x8000) is set. The explorer's concrete runs must
// learn all of it: the bit, the order, and the aliasing of the two
// pointers (moving one thread's pointer onto the other's object), and
// confirm the race without a solver query.
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/workqueue.h>
#include <linux/slab.h>
#include <linux/io.h>

struct hw_priv {
	struct work_struct work;
	unsigned long used, limit;
	int count;
};

static struct hw_priv *hw;

static void hw_work(struct work_struct *work)
{
	struct hw_priv *p = container_of(work, struct hw_priv, work);

	if (p->used <= p->limit)
		return; // nothing overflowed
	if (!(inw(0x302) & 0x8000))
		return;
	p->count++; // want "race"
}

static long hw_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct hw_priv *p = file->private_data;

	p->count = 0; // want "race"
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
