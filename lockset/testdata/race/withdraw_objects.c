/* Withdrawal is by object: del_timer_sync(&t1) waits for t1's function
 * only, so what exit does before it also withdrew t2 races with t2's
 * function; after both it races with neither. Two interrupt lines: freeing
 * line 5 leaves line 6's handler running. */
#include <linux/module.h>
#include <linux/timer.h>
#include <linux/jiffies.h>
#include <linux/interrupt.h>

static int ticks1, ticks2, irqs5, irqs6;
static struct timer_list t1, t2;

static void f1(unsigned long x) { ticks1++; }
static void f2(unsigned long x) { ticks2++; } // want "(read|write) ticks2 by f2 races with write ticks2 by dev_exit"

static irqreturn_t h5(int irq, void *dev) { irqs5++; return IRQ_HANDLED; }
static irqreturn_t h6(int irq, void *dev) { irqs6++; return IRQ_HANDLED; } // want "(read|write) irqs6 by h6 races with write irqs6 by dev_exit"

static int __init dev_init(void)
{
	setup_timer(&t1, f1, 0);
	setup_timer(&t2, f2, 0);
	mod_timer(&t1, jiffies + HZ);
	mod_timer(&t2, jiffies + HZ);
	if (request_irq(5, h5, 0, "five", NULL))
		return -EBUSY;
	if (request_irq(6, h6, 0, "six", NULL)) {
		free_irq(5, NULL);
		return -EBUSY;
	}
	return 0;
}

static void __exit dev_exit(void)
{
	del_timer_sync(&t1);
	ticks1 = 0;
	ticks2 = 0;		/* f2 may still be running */ // want "write ticks2 by dev_exit races with (read|write) ticks2 by f2"
	del_timer_sync(&t2);
	ticks2 = 0;
	free_irq(5, NULL);
	irqs5 = 0;
	irqs6 = 0;		/* h6 may still be running */ // want "write irqs6 by dev_exit races with (read|write) irqs6 by h6"
	free_irq(6, NULL);
	irqs6 = 0;
}

module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
