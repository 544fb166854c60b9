// A kernel struct the entry-point table does not know still yields entry
// points (the sound default), roles guessed from the field names; the
// driver's own struct of function pointers does not: only the driver can
// call through it.
#include <linux/module.h>
#include <linux/device.h>

static int u_match(struct device *dev, struct device_driver *drv) // want entry "entry bus_type.match var=u_bus guessed"
{
	return 1;
}

static int u_probe(struct device *dev) // want entry "init bus_type.probe var=u_bus guessed"
{
	return 0;
}

static int u_remove(struct device *dev) // want entry "exit bus_type.remove var=u_bus guessed"
{
	return 0;
}

static struct bus_type u_bus = {
	.name = "ubus",
	.match = u_match,
	.probe = u_probe,
	.remove = u_remove,
};

struct u_table {
	int (*op)(int);
};

static int u_internal(int x)
{
	return x + 1;
}

static struct u_table u_ops = { .op = u_internal };

int u_use(int x)
{
	return u_ops.op(x);
}

// devres_alloc is an allocator of the helper table that keeps its release
// function: the kernel calls it back at detach, an entry point still.
static void u_release(struct device *dev, void *res) // want entry "entry devres_alloc.arg1 guessed"
{
}

int u_devres(struct device *dev)
{
	int *n = devres_alloc(u_release, sizeof(int), GFP_KERNEL);

	if (!n)
		return -ENOMEM;
	devres_add(dev, n);
	return 0;
}
