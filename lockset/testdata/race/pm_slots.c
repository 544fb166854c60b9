/* SIMPLE_DEV_PM_OPS registers one suspend function in three slots
 * (.suspend, .freeze, .poweroff) and one resume function in three: six
 * entry points of two functions. A pair's program is the same for each
 * slot, so whoop checks one and gives the others its result: the race of
 * suspend with the interrupt is reported for every slot, and resume's
 * locked access stays race-free in every slot. */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/interrupt.h>
#include <linux/spinlock.h>
#include <linux/pm.h>
#include <linux/slab.h>

struct chip {
	spinlock_t lock;
	int state;
	int events;
};

static irqreturn_t chip_irq(int irq, void *data)
{
	struct chip *c = data;
	spin_lock(&c->lock);
	c->state = 1; // want "write c->state by chip_irq races with write c->state by chip_suspend"
	c->events++;
	spin_unlock(&c->lock);
	return IRQ_HANDLED;
}

static int chip_suspend(struct device *dev)
{
	struct chip *c = dev_get_drvdata(dev);
	c->state = 0; // want "write c->state by chip_suspend races with write c->state by chip_irq"
	return 0;
}

static int chip_resume(struct device *dev)
{
	struct chip *c = dev_get_drvdata(dev);
	spin_lock_irq(&c->lock);
	c->events = 0;
	spin_unlock_irq(&c->lock);
	return 0;
}

static SIMPLE_DEV_PM_OPS(chip_pm, chip_suspend, chip_resume);

static int chip_probe(struct platform_device *pdev)
{
	struct chip *c = devm_kzalloc(&pdev->dev, sizeof(*c), GFP_KERNEL);
	if (!c)
		return -ENOMEM;
	spin_lock_init(&c->lock);
	platform_set_drvdata(pdev, c);
	return devm_request_irq(&pdev->dev, platform_get_irq(pdev, 0), chip_irq, 0, "chip", c);
}

static struct platform_driver chip_driver = {
	.driver = { .name = "chip", .pm = &chip_pm },
	.probe = chip_probe,
};
module_platform_driver(chip_driver);
MODULE_LICENSE("GPL");
