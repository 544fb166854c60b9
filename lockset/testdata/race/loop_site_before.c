/* loop_site.c with a kfree after the registration and before the loop:
 * the callbacks may run on the freed object, and the loop header's frame
 * fact still admits a selection made there. The loop's write of cap holds
 * sc_lock as sc_func's read does: the kfree is the one witness on cap. */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/i2c.h>
#include <linux/slab.h>

struct sc { struct i2c_adapter adapter; int handle, cap; };

static DEFINE_MUTEX(sc_lock);

static u32 sc_func(struct i2c_adapter *adap)
{
	struct sc *sc = i2c_get_adapdata(adap); // want "read .* by sc_func races with write .* by sc_probe"
	u32 cap;

	mutex_lock(&sc_lock);
	cap = sc->cap; // want "read sc->cap by sc_func races with write .* by sc_probe"
	mutex_unlock(&sc_lock);
	return cap;
}

static int sc_access(struct i2c_adapter *adap, u16 addr, unsigned short flags, char read_write, u8 command,
		      int size, union i2c_smbus_data *data)
{
	struct sc *sc = i2c_get_adapdata(adap); // want "read .* by sc_access races with write .* by sc_probe"
	return sc->handle; // want "read sc->handle by sc_access races with write .* by sc_probe"
}

static const struct i2c_algorithm sc_algo = { .smbus_xfer = sc_access, .functionality = sc_func };

static void sc_add_cap(struct sc *sc, int i)
{
	mutex_lock(&sc_lock);
	if (i == 3)
		sc->cap = 1;
	mutex_unlock(&sc_lock);
}

static int sc_probe(struct platform_device *pdev)
{
	struct sc *sc = kzalloc(sizeof(*sc), GFP_KERNEL);
	int ret, i;

	if (!sc)
		return -ENOMEM;
	sc->adapter.algo = &sc_algo;
	i2c_set_adapdata(&sc->adapter, sc);
	ret = i2c_add_adapter(&sc->adapter);
	if (ret)
		goto err;
	if (pdev->id == 7)
		kfree(sc); // want "write .* by sc_probe races with read .* by sc_(func|access)"

	for (i = 0; i < 4; i++)
		sc_add_cap(sc, i);
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
