// SPDX-License-Identifier: GPL-2.0
/*
 * What pruning must keep (gcccpp_test.go, TestGCCPreprocessPrunedNames):
 * names only token pasting forms (guard()'s class_spinlock_* helpers,
 * IS_ENABLED's __ARG_PLACEHOLDER_1), an enumerator of a header
 * (IRQ_HANDLED), a tag named only after `struct`, and a typedef.
 */
#include <linux/module.h>
#include <linux/interrupt.h>
#include <linux/spinlock.h>
#include <linux/cleanup.h>
#include <linux/miscdevice.h>
#include <linux/fs.h>

static DEFINE_SPINLOCK(paste_lock);
static int paste_count;
static struct timer_list paste_timer;

static irqreturn_t paste_irq(int irq, void *dev)
{
	guard(spinlock)(&paste_lock);
	if (IS_ENABLED(CONFIG_X86))
		paste_count++;
	return IRQ_HANDLED;
}

static ssize_t paste_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	u32 v = paste_count;

	timer_pending(&paste_timer);
	return v;
}

static const struct file_operations paste_fops = {
	.owner = THIS_MODULE,
	.read = paste_read,
};

static struct miscdevice paste_dev = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "paste",
	.fops = &paste_fops,
};

static int __init paste_init(void)
{
	int err = request_irq(1, paste_irq, 0, "paste", NULL);

	return err ? err : misc_register(&paste_dev);
}
module_init(paste_init);
MODULE_LICENSE("GPL");
