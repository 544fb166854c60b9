/* System sleep freezes user space and blocks probing (rule pm-freezer):
 * the _noirq callbacks, which run without device_lock, never run beside
 * probe or a file operation, so what they share with those races with
 * nothing. The interrupt handler is not frozen: its write races with the
 * noirq callback's (the interrupt line is still requested while the
 * device sleeps), as does the file operation's with the handler's. */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/interrupt.h>
#include <linux/miscdevice.h>
#include <linux/fs.h>
#include <linux/pm.h>

static int fz_mode, fz_events;

static irqreturn_t fz_irq(int irq, void *data)
{
	fz_events++; // want "(read|write) fz_events by fz_irq races with write fz_events by fz_suspend_noirq" "write fz_events by fz_irq races with read fz_events by fz_read"
	return IRQ_HANDLED;
}

static ssize_t fz_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	return fz_mode + fz_events; // want "read fz_events by fz_read races with write fz_events by fz_irq"
}

static const struct file_operations fz_fops = { .owner = THIS_MODULE, .read = fz_read };
static struct miscdevice fz_misc = { .minor = MISC_DYNAMIC_MINOR, .name = "fz", .fops = &fz_fops };

static int fz_suspend_noirq(struct device *dev)
{
	fz_mode = 0;
	fz_events = 0; // want "write fz_events by fz_suspend_noirq races with (read|write) fz_events by fz_irq"
	return 0;
}

static const struct dev_pm_ops fz_pm = { .suspend_noirq = fz_suspend_noirq };

static int fz_probe(struct platform_device *pdev)
{
	fz_mode = 1;
	if (request_irq(5, fz_irq, 0, "fz", NULL))
		return -EBUSY;
	return misc_register(&fz_misc);
}

static struct platform_driver fz_driver = {
	.driver = { .name = "fz", .pm = &fz_pm },
	.probe = fz_probe,
};
module_platform_driver(fz_driver);
MODULE_LICENSE("GPL");
