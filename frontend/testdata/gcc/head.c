// SPDX-License-Identifier: GPL-2.0
/*
 * A driver read against a kernel tree with --preprocess=gcc
 * (gcccpp_test.go): its leading block goes to gcc, its code to cc/v4.
 */
#define HEAD_NAME "head"

#include <linux/module.h>
#include <linux/fs.h>
#include <linux/list.h>
#include <linux/miscdevice.h>
#include <linux/spinlock.h>
#include <linux/uaccess.h>

#ifdef CONFIG_PPC
#include <asm/nvram.h>
#endif

static DEFINE_SPINLOCK(head_lock);
static LIST_HEAD(head_items);
static int head_count, head_id = __COUNTER__;

struct head_item {
	struct list_head node;
	int value;
};

static ssize_t head_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	struct head_item *it;
	int sum = 0;

	spin_lock(&head_lock);
	list_for_each_entry(it, &head_items, node)
		sum += it->value;
	spin_unlock(&head_lock);
	head_count++;
	if (copy_to_user(buf, &sum, sizeof(sum)))
		return -EFAULT;
	return sizeof(sum);
}

static int head_open(struct inode *inode, struct file *file)
{
	head_count = 0;
	return 0;
}

static const struct file_operations head_fops = {
	.owner = THIS_MODULE,
	.read = head_read,
	.open = head_open,
};

static struct miscdevice head_dev = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = HEAD_NAME,
	.fops = &head_fops,
};

static int __init head_init(void)
{
	return misc_register(&head_dev);
}
module_init(head_init);
MODULE_LICENSE("GPL");
