/* requeue_after_cancel.c in the right order: remove frees the interrupt
 * before it cancels the work, so nothing can queue the work again and the
 * reset races with nothing. */
#include <linux/module.h>
#include <linux/interrupt.h>
#include <linux/workqueue.h>
#include <linux/platform_device.h>

static int data;
static int irq = 5;
static struct work_struct w;

static void work_fn(struct work_struct *work)
{
	data++;
}

static irqreturn_t handler(int irq, void *dev)
{
	schedule_work(&w);
	return IRQ_HANDLED;
}

static int my_probe(struct platform_device *pdev)
{
	INIT_WORK(&w, work_fn);
	return request_irq(irq, handler, 0, "requeue_ok", NULL);
}

static int my_remove(struct platform_device *pdev)
{
	free_irq(irq, NULL);
	cancel_work_sync(&w);
	data = 0;
	return 0;
}

static struct platform_driver my_driver = {
	.probe = my_probe,
	.remove = my_remove,
	.driver = { .name = "requeue_ok" },
};
module_platform_driver(my_driver);
MODULE_LICENSE("GPL");
