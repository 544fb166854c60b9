/* whoop model: linux/gpio.h - the legacy integer GPIO API. */
#ifndef _WHOOP_LINUX_GPIO_H
#define _WHOOP_LINUX_GPIO_H

#include <linux/errno.h>
#include <linux/types.h>

#define GPIOF_DIR_OUT (0 << 0)
#define GPIOF_DIR_IN (1 << 0)
#define GPIOF_INIT_LOW (0 << 1)
#define GPIOF_INIT_HIGH (1 << 1)
#define GPIOF_IN (GPIOF_DIR_IN)
#define GPIOF_OUT_INIT_LOW (GPIOF_DIR_OUT | GPIOF_INIT_LOW)
#define GPIOF_OUT_INIT_HIGH (GPIOF_DIR_OUT | GPIOF_INIT_HIGH)
#define GPIOF_ACTIVE_LOW (1 << 2)
#define GPIOF_OPEN_DRAIN (1 << 3)
#define GPIOF_OPEN_SOURCE (1 << 4)
#define GPIOF_EXPORT (1 << 5)
#define GPIOF_EXPORT_CHANGEABLE (1 << 6)

struct device;

struct gpio {
	unsigned gpio;
	unsigned long flags;
	const char *label;
};

extern bool gpio_is_valid(int number);
extern int gpio_request(unsigned gpio, const char *label);
extern int gpio_request_one(unsigned gpio, unsigned long flags, const char *label);
extern int gpio_request_array(const struct gpio *array, size_t num);
extern void gpio_free(unsigned gpio);
extern void gpio_free_array(const struct gpio *array, size_t num);
extern int devm_gpio_request(struct device *dev, unsigned gpio, const char *label);
extern int devm_gpio_request_one(struct device *dev, unsigned gpio, unsigned long flags, const char *label);
extern int gpio_direction_input(unsigned gpio);
extern int gpio_direction_output(unsigned gpio, int value);
extern int gpio_get_value(unsigned gpio);
extern void gpio_set_value(unsigned gpio, int value);
extern int gpio_get_value_cansleep(unsigned gpio);
extern void gpio_set_value_cansleep(unsigned gpio, int value);
extern int gpio_cansleep(unsigned gpio);
extern int gpio_to_irq(unsigned gpio);
extern int irq_to_gpio(unsigned irq);
extern int gpio_export(unsigned gpio, bool direction_may_change);
extern void gpio_unexport(unsigned gpio);

#endif /* _WHOOP_LINUX_GPIO_H */
