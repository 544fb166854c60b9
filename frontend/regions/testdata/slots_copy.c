/* A kernel slot read through dev_get_drvdata: the inlined helper loads
 * driver_data into a void * temporary that is only copied into a struct
 * pointer. That is a load into the struct pointer (slots.go), so the two
 * struct types kept in the driver_data of two kinds of device meet only
 * in their own canonical nodes, not in one node of the slot's link that
 * stacked them at one offset. */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/device.h>
#include <linux/slab.h>

struct chip {
	int base;
	int ngpio;
};

struct line {
	struct chip *chip;
	int value;
	int flags;
};

static struct class *the_class;

static ssize_t base_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct chip *c = dev_get_drvdata(dev);  // want region "struct device.driver_data"

	return c->base;                         // want region "struct chip.base"
}
static DEVICE_ATTR_RO(base);

static ssize_t value_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct line *l = dev_get_drvdata(dev);  // want region "struct device.driver_data"

	l->flags = 1;                           // want region "struct line.flags"
	l->chip->base = 2;                      // want region "struct line.chip" region "struct chip.base"
	return l->value;                        // want region "struct line.value"
}
static DEVICE_ATTR_RO(value);

static int __init copy_init(void)
{
	struct chip *c = kzalloc(sizeof(*c), GFP_KERNEL);
	struct line *l = kzalloc(sizeof(*l), GFP_KERNEL);
	struct device *cd, *ld;

	if (!c || !l)
		return -ENOMEM;
	l->chip = c;
	cd = device_create(the_class, NULL, 0, c, "chip");
	ld = device_create(the_class, NULL, 0, l, "line");
	device_create_file(cd, &dev_attr_base);
	device_create_file(ld, &dev_attr_value);
	return 0;
}
module_init(copy_init);
MODULE_LICENSE("GPL");
