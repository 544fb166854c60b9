/* remove cancels the work and then resets what it counts, but the
 * interrupt handler, still requested until free_irq, can queue the work
 * again after cancel_work_sync returns: the reset races with the work.
 * (A waiting withdrawal was once trusted to quiesce its class whatever
 * else could publish it again.) requeue_after_free.c frees the interrupt
 * first: no race there. */
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
	return request_irq(irq, handler, 0, "requeue", NULL);
}

static int my_remove(struct platform_device *pdev)
{
	cancel_work_sync(&w);
	data = 0; // want "write data by my_remove races with (read|write) data by work_fn"
	free_irq(irq, NULL);
	return 0;
}

static struct platform_driver my_driver = {
	.probe = my_probe,
	.remove = my_remove,
	.driver = { .name = "requeue" },
};
module_platform_driver(my_driver);
MODULE_LICENSE("GPL");
