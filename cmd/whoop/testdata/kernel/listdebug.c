// With CONFIG_DEBUG_LIST (Debian's 6.12 config), list_add and list_del
// call __list_add_valid_or_report and __list_del_entry_valid_or_report
// (lib/list_debug.c) with the list heads they link: checks that keep no
// pointer. Unknown, they published every list head a driver links, with
// its container: a batch of items a read builds and frees on its own
// raced with every other read's. A list in a global still races.
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/list.h>
#include <linux/slab.h>
#include <linux/miscdevice.h>

struct ld_item {
	struct list_head node;
	int val;
};

struct ld_batch {
	struct list_head items;
	int count;
};

static LIST_HEAD(ld_shared);

static ssize_t ld_read(struct file *file, char __user *buf, size_t len, loff_t *ppos)
{
	struct ld_batch *b = kzalloc(sizeof(*b), GFP_KERNEL);
	struct ld_item *it, *tmp;
	int sum = 0;

	if (!b)
		return -ENOMEM;
	INIT_LIST_HEAD(&b->items);
	for (int i = 0; i < 4; i++) {
		it = kzalloc(sizeof(*it), GFP_KERNEL);
		if (!it)
			break;
		it->val = i;
		list_add_tail(&it->node, &b->items);
		b->count++;
	}
	list_for_each_entry_safe(it, tmp, &b->items, node) {
		sum += it->val;
		it->val = 0;
		list_del(&it->node);
		kfree(it);
	}
	kfree(b);
	return sum;
}

static ssize_t ld_write(struct file *file, const char __user *buf, size_t len, loff_t *ppos)
{
	struct ld_item *it = kzalloc(sizeof(*it), GFP_KERNEL);
	struct ld_item *pos;

	if (!it)
		return -ENOMEM;
	list_add_tail(&it->node, &ld_shared); // want "race"
	list_for_each_entry(pos, &ld_shared, node) // want "race"
		pos->val++; // want "race"
	return len;
}

static const struct file_operations ld_fops = {
	.owner = THIS_MODULE,
	.read = ld_read,
	.write = ld_write,
};

static struct miscdevice ld_misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "listdebug",
	.fops = &ld_fops,
};
module_misc_device(ld_misc);
MODULE_LICENSE("GPL");
