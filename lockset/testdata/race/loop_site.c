/* A loop in probe before its error path's kfree (i2c-scmi.c's
 * acpi_walk_namespace of its capability callback): the kfree runs only
 * when no adapter was registered or i2c_add_adapter failed (its error
 * path waits for every adapter reference, i2c-core-base.c), so it races
 * with no callback. The loop header's frame fact once let a selection
 * "made before the loop" name the kfree after it; now only the sites
 * that can run before the header (loop_site_before.c keeps one). */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/i2c.h>
#include <linux/slab.h>

struct sc { struct i2c_adapter adapter; int handle, cap; };

static u32 sc_func(struct i2c_adapter *adap)
{
	struct sc *sc = i2c_get_adapdata(adap);
	return sc->cap;
}

static int sc_access(struct i2c_adapter *adap, u16 addr, unsigned short flags, char read_write, u8 command,
		      int size, union i2c_smbus_data *data)
{
	struct sc *sc = i2c_get_adapdata(adap);
	return sc->handle;
}

static const struct i2c_algorithm sc_algo = { .smbus_xfer = sc_access, .functionality = sc_func };

static void sc_add_cap(struct sc *sc, int i) { if (i == 3) sc->cap = 1; }

static int sc_probe(struct platform_device *pdev)
{
	struct sc *sc = kzalloc(sizeof(*sc), GFP_KERNEL);
	int ret, i;

	if (!sc)
		return -ENOMEM;
	for (i = 0; i < 4; i++)
		sc_add_cap(sc, i);
	if (sc->cap == 0) { ret = -ENODEV; goto err; }
	sc->adapter.algo = &sc_algo;
	i2c_set_adapdata(&sc->adapter, sc);
	ret = i2c_add_adapter(&sc->adapter);
	if (ret)
		goto err;
	platform_set_drvdata(pdev, sc);
	return 0;
err:
	kfree(sc);
	return ret;
}

static int sc_remove(struct platform_device *pdev)
{
	struct sc *sc = platform_get_drvdata(pdev);
	i2c_del_adapter(&sc->adapter);
	kfree(sc);
	return 0;
}

static struct platform_driver sc_driver = {
	.probe = sc_probe,
	.remove = sc_remove,
	.driver = { .name = "sc" },
};
module_platform_driver(sc_driver);
MODULE_LICENSE("GPL");
