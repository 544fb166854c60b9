// Callbacks registered at run time: by registration calls (directly,
// through a local, through a helper's parameter), and by stores into
// fields of known struct types.
#include <linux/module.h>
#include <linux/interrupt.h>
#include <linux/timer.h>
#include <linux/workqueue.h>
#include <linux/input.h>
#include <linux/slab.h>

struct r_priv {
	spinlock_t lock;
	struct timer_list timer;
	struct work_struct work;
	struct delayed_work dwork;
	struct tasklet_struct tasklet;
	struct input_dev *input;
};

static struct r_priv *r_dev;
static struct timer_list r_global_timer;

static irqreturn_t r_irq(int irq, void *dev_id) // want entry "irq request_irq.handler"
{
	return IRQ_HANDLED;
}

static irqreturn_t r_hard(int irq, void *dev_id) // want entry "irq request_threaded_irq.handler"
{
	return IRQ_WAKE_THREAD;
}

static irqreturn_t r_thread(int irq, void *dev_id) // want entry "irq-thread request_threaded_irq.thread_fn"
{
	return IRQ_HANDLED;
}

static irqreturn_t r_helper_irq(int irq, void *dev_id) // want entry "irq request_irq.handler"
{
	return IRQ_HANDLED;
}

static void r_tick(unsigned long data) // want entry "timer timer_list.function"
{
}

static void r_global_tick(unsigned long data) // want entry "timer timer_list.function var=r_global_timer"
{
}

static void r_work(struct work_struct *w) // want entry "work work_struct.func"
{
}

static void r_dwork(struct work_struct *w) // want entry "work delayed_work.work.func"
{
}

static void r_tasklet(unsigned long data) // want entry "tasklet tasklet_struct.func"
{
}

static int r_input_open(struct input_dev *dev) // want entry "entry input_dev.open"
{
	return 0;
}

static void r_input_close(struct input_dev *dev) // want entry "entry input_dev.close"
{
}

static int r_request(irq_handler_t handler, void *data)
{
	return request_irq(7, handler, 0, "r", data);
}

static int r_setup(void) // want entry "init module_init"
{
	irq_handler_t h = r_irq;
	int err;

	r_dev = kzalloc(sizeof(*r_dev), GFP_KERNEL);
	if (!r_dev)
		return -ENOMEM;
	setup_timer(&r_dev->timer, r_tick, 0);
	init_timer(&r_global_timer);
	r_global_timer.function = r_global_tick;
	INIT_WORK(&r_dev->work, r_work);
	INIT_DELAYED_WORK(&r_dev->dwork, r_dwork);
	tasklet_init(&r_dev->tasklet, r_tasklet, 0);
	r_dev->input = input_allocate_device();
	r_dev->input->open = r_input_open;
	r_dev->input->close = r_input_close;
	err = request_irq(5, h, 0, "r", r_dev);
	if (err)
		return err;
	err = request_threaded_irq(6, r_hard, r_thread, 0, "r", r_dev);
	if (err)
		return err;
	return r_request(r_helper_irq, r_dev);
}

module_init(r_setup);
