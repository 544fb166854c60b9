// An ISA driver (module_isa_driver): the driver core calls probe, remove
// and shutdown under the device lock, so they share users without a race;
// match runs before the lock is taken, so its read of base races with
// their writes.
#include <linux/module.h>
#include <linux/isa.h>

static int base, users;

static int id_match(struct device *dev, unsigned int id)
{
	return base == 0; // want "race"
}

static int id_probe(struct device *dev, unsigned int id)
{
	users = 1;
	base = 0x300; // want "race"
	return 0;
}

static void id_remove(struct device *dev, unsigned int id)
{
	users = 0;
	base = 0; // want "race"
}

static void id_shutdown(struct device *dev, unsigned int id)
{
	users = 0;
	base = 0; // want "race"
}

static struct isa_driver id_driver = {
	.match = id_match,
	.probe = id_probe,
	.remove = id_remove,
	.shutdown = id_shutdown,
	.driver = { .name = "isadrv" },
};
module_isa_driver(id_driver, 1);
MODULE_LICENSE("GPL");
