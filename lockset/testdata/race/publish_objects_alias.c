/* Publication by object keeps races where two object keys may name one
 * chip: pb_get is stored into pg->b ("struct pg.b"), but the first
 * registration names o->p.b ("struct po.p.b"), which may be the same
 * gpio_chip (po embeds a struct pg). So pb_get may run once it returns,
 * and the write of b_mode after it races with pb_get's read, although
 * pg->b's own registration comes later. */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/slab.h>

struct gpio_chip {
	const char *label;
	int (*get)(struct gpio_chip *gc, unsigned int offset);
};
int devm_gpiochip_add_data(struct device *dev, struct gpio_chip *gc, void *data);

struct pg {
	struct gpio_chip a;
	struct gpio_chip b;
	int b_mode;
};

struct po {
	int flags;
	struct pg p;
};

static int pb_get(struct gpio_chip *gc, unsigned int offset)
{
	struct pg *pg = container_of(gc, struct pg, b);

	return pg->b_mode; // want "read pg->b_mode by pb_get races with write pg->b_mode by po_probe"
}

static void po_setup(struct pg *pg)
{
	pg->b.label = "b";
	pg->b.get = pb_get;
}

static int po_probe(struct platform_device *pdev)
{
	struct po *o;
	struct pg *pg;
	int ret;

	o = devm_kzalloc(&pdev->dev, sizeof(*o), GFP_KERNEL);
	if (!o)
		return -ENOMEM;
	pg = &o->p;
	po_setup(pg);
	ret = devm_gpiochip_add_data(&pdev->dev, &o->p.b, o);
	if (ret)
		return ret;
	pg->b_mode = 1; // want "write pg->b_mode by po_probe races with read pg->b_mode by pb_get"
	ret = devm_gpiochip_add_data(&pdev->dev, &pg->a, pg);
	if (ret)
		return ret;
	return devm_gpiochip_add_data(&pdev->dev, &pg->b, pg);
}

static struct platform_driver po_driver = {
	.probe = po_probe,
	.driver = { .name = "po" },
};
module_platform_driver(po_driver);
MODULE_LICENSE("GPL");
