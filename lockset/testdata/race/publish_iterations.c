/* One gpio chip per bank, registered in a loop (gpio-f7188x.c): the
 * first iteration's registration makes every gpio_chip callback
 * callable, but a callback reaches its bank only through
 * gpiochip_get_data(chip), the data its own chip was added with
 * (drivers/gpio/gpiolib.c), and the bank iteration i writes before its
 * registration was registered by no earlier iteration (the index moves
 * on by one bank). So those writes race with no callback's own-bank
 * reads; the write after the registration does, and so do the reads of
 * a callback that walks every bank (assumption publication-iterations). */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/slab.h>

struct gpio_chip {
	const char *label;
	struct device *parent;
	int base;
	int ngpio;
	int (*get)(struct gpio_chip *gc, unsigned int offset);
	int (*get_direction)(struct gpio_chip *gc, unsigned int offset);
};
int devm_gpiochip_add_data(struct device *dev, struct gpio_chip *gc, void *data);
void *gpiochip_get_data(struct gpio_chip *gc);

struct pi_data;

struct pi_bank {
	struct gpio_chip chip;
	unsigned int regbase;
	int mode;
	int late;
	struct pi_data *data;
};

struct pi_data {
	int nr_bank;
	struct pi_bank *bank;
};

static int pi_get(struct gpio_chip *chip, unsigned int offset);
static int pi_get_direction(struct gpio_chip *chip, unsigned int offset);

static struct pi_bank pi_banks[] = {
	{ .chip = { .label = "a", .get = pi_get, .get_direction = pi_get_direction }, .regbase = 1 },
	{ .chip = { .label = "b", .get = pi_get, .get_direction = pi_get_direction }, .regbase = 2 },
};

static int pi_get(struct gpio_chip *chip, unsigned int offset)
{
	struct pi_bank *bank = gpiochip_get_data(chip);

	if (bank->data == NULL)
		return 0;
	return bank->mode + bank->late; // want "read bank->late by pi_get races with write bank->late by pi_probe"
}

static int pi_get_direction(struct gpio_chip *chip, unsigned int offset)
{
	struct pi_bank *bank = gpiochip_get_data(chip);
	struct pi_data *data = bank->data;

	return data->bank[1].mode; // want "read data->bank.1..mode by pi_get_direction races with write bank->mode by pi_probe"
}

static int pi_probe(struct platform_device *pdev)
{
	struct pi_data *data;
	int i, err;

	data = devm_kzalloc(&pdev->dev, sizeof(*data), GFP_KERNEL);
	if (!data)
		return -ENOMEM;
	data->nr_bank = 2;
	data->bank = pi_banks;
	for (i = 0; i < data->nr_bank; i++) {
		struct pi_bank *bank = &data->bank[i];

		bank->chip.parent = &pdev->dev;
		bank->data = data;
		bank->mode = i; // want "write bank->mode by pi_probe races with read data->bank.1..mode by pi_get_direction"
		err = devm_gpiochip_add_data(&pdev->dev, &bank->chip, bank);
		if (err)
			return err;
		bank->late = 1; // want "write bank->late by pi_probe races with read bank->late by pi_get"
	}
	return 0;
}

static struct platform_driver pi_driver = {
	.probe = pi_probe,
	.driver = { .name = "pi" },
};
module_platform_driver(pi_driver);
MODULE_LICENSE("GPL");
