/* Unpublished allocations (A9) and stores into the object itself: a
 * pointer into a fresh object stored into that same object (a list head
 * pointing at itself, rtc_allocate_device's INIT_WORK in 6.12
 * drivers/rtc/class.c) keeps the object unreachable, so the accesses after
 * the store stay private; a store into another object, fresh or not, lets
 * the pointer go as before. */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/list.h>
#include <linux/miscdevice.h>

struct item {
	int id;
	int len;
	struct item *self;
	struct item *peer;
	struct list_head node;
};

static struct item *last;

static int dev_open(struct inode *inode, struct file *file)
{
	struct item *p = kzalloc(sizeof(*p), GFP_KERNEL);
	struct item *q;

	if (!p)
		return -ENOMEM;
	INIT_LIST_HEAD(&p->node);                    // want private
	p->self = p;                                 // want private
	p->id = 1;                                   // want shared private
	q = kzalloc(sizeof(*q), GFP_KERNEL);
	if (!q)
		return -ENOMEM;
	q->peer = p;                                 // want private
	p->len = 2;                                  // want shared not-private
	q->self = q;                                 // want private
	q->id = 3;                                   // want shared private
	file->private_data = q;
	q->len = 4;                                  // want shared not-private
	return 0;
}

static ssize_t dev_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	struct item *q = file->private_data;

	last = q->peer->self;
	return q->len + q->id + q->peer->len + q->peer->id; // want shared not-private
}

static const struct file_operations fops = {
	.owner = THIS_MODULE,
	.open = dev_open,
	.read = dev_read,
};

static struct miscdevice misc = { .minor = MISC_DYNAMIC_MINOR, .name = "self", .fops = &fops };

static int __init self_init(void) { return misc_register(&misc); }
static void __exit self_exit(void) { misc_deregister(&misc); }
module_init(self_init);
module_exit(self_exit);
