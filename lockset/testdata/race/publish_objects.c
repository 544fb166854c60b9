/* Two gpio chips of one device, each published by its own registration
 * (gpio-viperboard.c's gpioa and gpiob): gpiolib calls a chip's
 * operations only on a chip gpiochip_add_data_with_key added
 * (drivers/gpio/gpiolib.c), and pb_get is stored only into pg->b, so it
 * runs only after pg->b is added. What probe writes between the two
 * registrations races with chip a's callbacks, not with chip b's; what it
 * writes after chip b's registration races with chip b's (kept). */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/slab.h>

struct gpio_chip {
	const char *label;
	struct device *parent;
	int base;
	int ngpio;
	int (*get)(struct gpio_chip *gc, unsigned int offset);
	void (*set)(struct gpio_chip *gc, unsigned int offset, int value);
};
int devm_gpiochip_add_data(struct device *dev, struct gpio_chip *gc, void *data);

struct pg {
	struct gpio_chip a;
	struct gpio_chip b;
	int a_val;
	int b_mode;
	int b_val;
};

static int pa_get(struct gpio_chip *gc, unsigned int offset)
{
	struct pg *pg = container_of(gc, struct pg, a);

	return pg->a_val; // want "read pg->a_val by pa_get races with write pg->a_val by pg_probe"
}

static void pa_set(struct gpio_chip *gc, unsigned int offset, int value)
{
	struct pg *pg = container_of(gc, struct pg, a);

	if (pg->b_mode) // want "read pg->b_mode by pa_set races with write pg->b_mode by pg_probe"
		value = !value;
}

static int pb_get(struct gpio_chip *gc, unsigned int offset)
{
	struct pg *pg = container_of(gc, struct pg, b);

	if (pg->b_mode)
		return 0;
	return pg->b_val; // want "read pg->b_val by pb_get races with write pg->b_val by pg_probe"
}

static int pg_probe(struct platform_device *pdev)
{
	struct pg *pg;
	int ret;

	pg = devm_kzalloc(&pdev->dev, sizeof(*pg), GFP_KERNEL);
	if (!pg)
		return -ENOMEM;
	pg->a.label = "a";
	pg->a.get = pa_get;
	pg->a.set = pa_set;
	ret = devm_gpiochip_add_data(&pdev->dev, &pg->a, pg);
	if (ret)
		return ret;
	pg->a_val = 1; // want "write pg->a_val by pg_probe races with read pg->a_val by pa_get"
	pg->b_mode = 1; // want "write pg->b_mode by pg_probe races with read pg->b_mode by pa_set"
	pg->b.label = "b";
	pg->b.get = pb_get;
	ret = devm_gpiochip_add_data(&pdev->dev, &pg->b, pg);
	if (ret)
		return ret;
	pg->b_val = 2; // want "write pg->b_val by pg_probe races with read pg->b_val by pb_get"
	return 0;
}

static struct platform_driver pg_driver = {
	.probe = pg_probe,
	.driver = { .name = "pg" },
};
module_platform_driver(pg_driver);
MODULE_LICENSE("GPL");
