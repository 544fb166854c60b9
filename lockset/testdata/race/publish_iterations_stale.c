/* The loop of publish_iterations.c with the bank pointer moved on at the
 * end of the body instead of the start: the writes at the top of
 * iteration i are to the bank iteration i-1 registered, whose callbacks
 * may run. The pointer's definition does not come before the writes in
 * the iteration, so publication-iterations does not apply and the races
 * stay. */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/slab.h>

struct gpio_chip {
	const char *label;
	struct device *parent;
	int (*get)(struct gpio_chip *gc, unsigned int offset);
};
int devm_gpiochip_add_data(struct device *dev, struct gpio_chip *gc, void *data);
void *gpiochip_get_data(struct gpio_chip *gc);

struct ps_bank {
	struct gpio_chip chip;
	int mode;
};

static int ps_get(struct gpio_chip *chip, unsigned int offset);

static struct ps_bank ps_banks[] = {
	{ .chip = { .label = "a", .get = ps_get } },
	{ .chip = { .label = "b", .get = ps_get } },
	{ .chip = { .label = "c", .get = ps_get } },
};

static int ps_get(struct gpio_chip *chip, unsigned int offset)
{
	struct ps_bank *bank = gpiochip_get_data(chip);

	return bank->mode; // want "read bank->mode by ps_get races with write bank->mode by ps_probe"
}

static int ps_probe(struct platform_device *pdev)
{
	struct ps_bank *bank = &ps_banks[0];
	int i, err;

	for (i = 1; i < 3; i++) {
		bank->mode = i; // want "write bank->mode by ps_probe races with read bank->mode by ps_get"
		err = devm_gpiochip_add_data(&pdev->dev, &bank->chip, bank);
		if (err)
			return err;
		bank = &ps_banks[i - 1];
	}
	return 0;
}

static struct platform_driver ps_driver = {
	.probe = ps_probe,
	.driver = { .name = "ps" },
};
module_platform_driver(ps_driver);
MODULE_LICENSE("GPL");
