/* Entry points the driver also calls (split.go): the kernel's calls and
 * the driver's reach two copies of the function, so the kernel's per-call
 * object and the driver's own are two regions, not one. */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/platform_device.h>
#include <linux/rtc.h>
#include <linux/slab.h>
#include <linux/export.h>
#include <linux/workqueue.h>

struct chip {
	struct rtc_device *rtc;
	struct rtc_wkalrm saved;
	int irq;
};

static struct chip chip;
static struct work_struct chip_work;

static void chip_work_fn(struct work_struct *w)
{
}

static void fill(struct rtc_time *tm, int v)
{
	tm->tm_sec = v;                 // want region "fresh *t in chip_read_alarm.time.tm_sec" region "global chip.saved.time.tm_sec"
}

/* rtc_class_ops.read_alarm: the rtc core's struct rtc_wkalrm, new per
 * call; suspend passes the driver's saved alarm. The copy also publishes
 * (schedule_work installs no callback: nothing counts twice). */
static int chip_read_alarm(struct device *dev, struct rtc_wkalrm *t)
{
	t->enabled = chip.irq;          // want region "fresh *t in chip_read_alarm.enabled" region "global chip.saved.enabled" region "global chip.irq"
	fill(&t->time, 1);
	schedule_work(&chip_work);
	return 0;
}

static int chip_suspend(struct device *dev)
{
	return chip_read_alarm(dev, &chip.saved);
}

static int chip_resume(struct device *dev)
{
	return chip.saved.enabled;      // want region "global chip.saved.enabled"
}

static const struct rtc_class_ops chip_rtc_ops = {
	.read_alarm = chip_read_alarm,
};

static SIMPLE_DEV_PM_OPS(chip_pm, chip_suspend, chip_resume);

static int chip_probe(struct platform_device *pdev)
{
	INIT_WORK(&chip_work, chip_work_fn);
	chip.rtc = devm_rtc_device_register(&pdev->dev, "chip", &chip_rtc_ops, THIS_MODULE);
	return 0;
}

static struct platform_driver chip_driver = {
	.probe = chip_probe,
	.driver = { .name = "chip", .pm = &chip_pm },
};

/* An exported ops table: other modules call chip_copy with their buffers
 * (kernel memory); the driver's own read calls it through the table with
 * the buffer it allocates, private to that call. */
struct chip_ops {
	int (*copy)(char *buf, size_t n);
};

static int chip_copy(char *buf, size_t n)
{
	buf[0] = chip.irq;              // want region "external char" region "fresh kmalloc in dev_read" region "global chip.irq"
	return 1;
}

const struct chip_ops chip_ops = {
	.copy = chip_copy,
};
EXPORT_SYMBOL(chip_ops);

static ssize_t dev_read(struct file *file, char __user *ubuf, size_t n, loff_t *ppos)
{
	char *tmp = kmalloc(n, GFP_KERNEL);
	int ret;

	ret = chip_ops.copy(tmp, n);
	kfree(tmp);
	return ret;
}

static const struct file_operations fops = {
	.owner = THIS_MODULE,
	.read = dev_read,
};

static struct miscdevice misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "split",
	.fops = &fops,
};

static int __init mod_init(void)
{
	platform_driver_register(&chip_driver);
	return misc_register(&misc);
}
module_init(mod_init);
