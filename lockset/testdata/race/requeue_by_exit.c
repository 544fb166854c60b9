/* remove queues the work again itself after cancelling it: the reset
 * races with the work. (An exit's own publication after its withdrawal
 * once left the class quiesced.) */
#include <linux/module.h>
#include <linux/interrupt.h>
#include <linux/workqueue.h>
#include <linux/platform_device.h>

static int data;
static int irq = 5;
static struct work_struct w;

static void work_fn(struct work_struct *work)
{
	data++; // want "(read|write) data by work_fn races with write data by my_remove"
}

static irqreturn_t handler(int irq, void *dev)
{
	schedule_work(&w);
	return IRQ_HANDLED;
}

static int my_probe(struct platform_device *pdev)
{
	INIT_WORK(&w, work_fn);
	return request_irq(irq, handler, 0, "requeue_exit", NULL);
}

static int my_remove(struct platform_device *pdev)
{
	free_irq(irq, NULL);
	cancel_work_sync(&w);
	schedule_work(&w);
	data = 0; // want "write data by my_remove races with (read|write) data by work_fn"
	return 0;
}

static struct platform_driver my_driver = {
	.probe = my_probe,
	.remove = my_remove,
	.driver = { .name = "requeue_exit" },
};
module_platform_driver(my_driver);
MODULE_LICENSE("GPL");
