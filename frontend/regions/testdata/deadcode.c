/* A static function nothing live calls or takes the address of never runs
 * (the unused inline helpers of a driver's own header): its code must not
 * feed the memory analysis. Here its char arithmetic on a list head would
 * fold canonical struct list_head, and with it the struct the driver
 * embeds a list head in. */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/miscdevice.h>

struct item {
	int val;
	struct list_head node;
	int tail;
};

static LIST_HEAD(items);

/* A kernel function that keeps the entry: the item's list head becomes
 * canonical struct list_head's bytes. */
extern void enqueue_entry(struct list_head *entry);

static inline void scribble(struct list_head *h, unsigned long n)
{
	char *c = (char *)h;

	c[n] = 0;
}

static inline void scribble_twice(struct list_head *h, unsigned long n)
{
	scribble(h, n);
	scribble(h, n + 1);
}

static int count_items(void)
{
	struct item *it;
	int n = 0;

	list_for_each_entry(it, &items, node)      // want region "struct item.node.next"
		n += it->val;                          // want region "struct item.val"
	return n;
}

static int (*counter)(void) = count_items;

static long dev_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct item *it = kzalloc(sizeof(*it), GFP_KERNEL);

	if (!it)
		return -ENOMEM;
	it->val = arg;                              // want region "struct item.val"
	it->tail = 1;                               // want region "struct item.tail"
	list_add(&it->node, &items);
	enqueue_entry(&it->node);
	return counter();
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.unlocked_ioctl = dev_ioctl,
};

static struct miscdevice dev_misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "deadcode",
	.fops = &dev_fops,
};

module_misc_device(dev_misc);
MODULE_LICENSE("GPL");
