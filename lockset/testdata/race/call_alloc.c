/* Per-call allocations (lockset/callalloc.go, assumption
 * call-allocations): two calls of item_create each write the object their
 * own call allocated (item_alloc's kzalloc, returned up through an error
 * pointer check), even after publishing it, so those writes race with each
 * other no more; they still race with a reader that reaches the object
 * through the global, and with item_poke, whose object comes from its
 * caller (6.12 rtc/class.c's devm_rtc_allocate_device and
 * rtc_allocate_device). */
#include <linux/module.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/err.h>
#include <linux/miscdevice.h>

struct item {
	int id;
	int len;
	int seq;
};

static struct item *last;

static struct item *item_alloc(int id)
{
	struct item *p = kzalloc(sizeof(*p), GFP_KERNEL);

	if (!p)
		return ERR_PTR(-ENOMEM);
	last = p; // want "write last by item_create races with (read|write) last by (item_create|item_read)"
	p->id = id; // want "write p->id by item_create races with read last->id by item_read"
	return p;
}

struct item *item_create(int id)
{
	struct item *p = item_alloc(id);

	if (IS_ERR(p))
		return p;
	p->seq = id;
	p->len = 1; // want "write p->len by item_create races with (read|write) .*len by (item_read|item_poke)"
	return p;
}
EXPORT_SYMBOL(item_create);

int item_poke(struct item *p)
{
	p->len = 2; // want "write p->len by item_poke races with write p->len by (item_create|item_poke)" "write p->len by item_poke races with read last->len by item_read"
	return 0;
}
EXPORT_SYMBOL(item_poke);

static ssize_t item_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	return last->len + last->id; // want "read last->len by item_read races with write p->len by (item_create|item_poke)" "read last by item_read races with write last by item_create" "read last->id by item_read races with write p->id by item_create"
}

static const struct file_operations fops = { .owner = THIS_MODULE, .read = item_read };
static struct miscdevice misc = { .minor = MISC_DYNAMIC_MINOR, .name = "items", .fops = &fops };

static int __init items_init(void) { return misc_register(&misc); }
module_init(items_init);
