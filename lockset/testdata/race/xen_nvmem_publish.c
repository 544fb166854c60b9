/* Callbacks published by bind_evtchn_to_irqhandler
 * (drivers/xen/events/events_base.c: request_irq on the event channel's
 * interrupt) and devm_nvmem_register (drivers/nvmem/core.c: the nvmem
 * device's reg_read and reg_write). What probe sets up before either call
 * races with neither callback; what it writes after races (xk_mode,
 * xk_limit). The event-channel handler is an interrupt handler: one run
 * at a time, so its counter races with nothing. nvmem passes each read
 * its caller's own buffer: two reads' stores into val do not race. */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/interrupt.h>
#include <linux/slab.h>

int bind_evtchn_to_irqhandler(unsigned int evtchn, irq_handler_t handler, unsigned long irqflags,
			      const char *devname, void *dev_id);

typedef int (*nvmem_reg_read_t)(void *priv, unsigned int offset, void *val, size_t bytes);
typedef int (*nvmem_reg_write_t)(void *priv, unsigned int offset, void *val, size_t bytes);
struct nvmem_config {
	struct device *dev;
	const char *name;
	int size;
	nvmem_reg_read_t reg_read;
	nvmem_reg_write_t reg_write;
	void *priv;
};
struct nvmem_device;
struct nvmem_device *devm_nvmem_register(struct device *dev, const struct nvmem_config *cfg);

static int *xk_page;
static int xk_mode, xk_count;
static int xk_base, xk_limit;

static irqreturn_t xk_handler(int irq, void *dev_id)
{
	xk_count++;
	xk_page[0] = xk_count;
	if (xk_mode) // want "read xk_mode by xk_handler races with write xk_mode by xk_probe"
		return IRQ_HANDLED;
	return IRQ_NONE;
}

static int xk_nv_read(void *priv, unsigned int off, void *val, size_t bytes)
{
	if (off >= xk_limit) // want "read xk_limit by xk_nv_read races with write xk_limit by xk_probe"
		return -EINVAL;
	*(int *)val = xk_base;
	return 0;
}

static int xk_probe(struct platform_device *pdev)
{
	struct nvmem_config cfg = {
		.name = "xk",
		.size = 16,
		.reg_read = xk_nv_read,
	};
	int err;

	xk_page = kzalloc(16, GFP_KERNEL);
	if (!xk_page)
		return -ENOMEM;
	err = bind_evtchn_to_irqhandler(3, xk_handler, 0, "xk", pdev);
	if (err < 0)
		return err;
	xk_mode = 1; // want "write xk_mode by xk_probe races with read xk_mode by xk_handler"
	xk_base = 7;
	cfg.dev = &pdev->dev;
	devm_nvmem_register(&pdev->dev, &cfg);
	xk_limit = 16; // want "write xk_limit by xk_probe races with read xk_limit by xk_nv_read"
	return 0;
}

static struct platform_driver xk_driver = {
	.probe = xk_probe,
	.driver = { .name = "xk" },
};
module_platform_driver(xk_driver);
MODULE_LICENSE("GPL");
