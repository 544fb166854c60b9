// Registrations that publish callbacks whoop used to take for callable at
// any time or from an unrelated call: a hardware RNG (devm_hwrng_register),
// an ACPI operation region handler and its setup
// (acpi_install_address_space_handler, whose removal also took the
// handler's address), and an adapter's bus recovery callbacks
// (i2c_bus_recovery_info, published with the adapter by i2c_add_adapter
// and by a driver's own i2c_recover_bus). Probe's writes before them race
// with nothing, its write of pw_late after them with every callback that
// reads it; pw_irqcfg, written after request_irq installed a handler that
// calls i2c_recover_bus, races with the recovery callbacks that read it.
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/hw_random.h>
#include <linux/acpi.h>
#include <linux/i2c.h>
#include <linux/interrupt.h>
#include <linux/slab.h>

struct pw_priv {
	struct hwrng rng;
	int cfg;
};

static int pw_cfg, pw_late, pw_irqcfg;

static int pw_rng_read(struct hwrng *rng, void *data, size_t max, bool wait)
{
	struct pw_priv *p = container_of(rng, struct pw_priv, rng);

	return p->cfg + pw_late; // want "race"
}

static acpi_status pw_space_handler(u32 function, acpi_physical_address address, u32 bits, u64 *value,
				    void *handler_context, void *region_context)
{
	return pw_cfg == pw_late ? AE_OK : AE_BAD_PARAMETER; // want "race"
}

static acpi_status pw_space_setup(acpi_handle region, u32 function, void *handler_context, void **region_context)
{
	return pw_cfg < pw_late ? AE_OK : AE_BAD_PARAMETER; // want "race"
}

static int pw_recover(struct i2c_adapter *adap)
{
	return pw_cfg - pw_late - pw_irqcfg; // want "race"
}

static void pw_prepare(struct i2c_adapter *adap)
{
	if (pw_cfg & pw_late & pw_irqcfg) // want "race"
		pr_info("pw: prepare\n");
}

static u32 pw_func(struct i2c_adapter *adap)
{
	return I2C_FUNC_I2C;
}

static const struct i2c_algorithm pw_algo = { .functionality = pw_func };
static struct i2c_bus_recovery_info pw_rinfo = { .recover_bus = pw_recover, .prepare_recovery = pw_prepare };
static struct i2c_adapter pw_adap = { .owner = THIS_MODULE, .name = "pw", .algo = &pw_algo,
	.bus_recovery_info = &pw_rinfo };

static irqreturn_t pw_irq(int irq, void *data)
{
	i2c_recover_bus(&pw_adap);
	return IRQ_HANDLED;
}

static int pw_probe(struct platform_device *pdev)
{
	struct pw_priv *p = devm_kzalloc(&pdev->dev, sizeof(*p), GFP_KERNEL);
	int err;

	if (!p)
		return -ENOMEM;
	platform_set_drvdata(pdev, p);
	p->cfg = 3;
	p->rng.name = "pw";
	p->rng.read = pw_rng_read;
	pw_cfg = 7;
	err = devm_hwrng_register(&pdev->dev, &p->rng);
	if (err)
		return err;
	if (ACPI_FAILURE(acpi_install_address_space_handler(ACPI_ROOT_OBJECT, 0x81, pw_space_handler,
							     pw_space_setup, NULL)))
		return -ENODEV;
	err = devm_request_irq(&pdev->dev, platform_get_irq(pdev, 0), pw_irq, 0, "pw", NULL);
	if (err)
		return err;
	pw_irqcfg = 1; // want "race"
	err = i2c_add_adapter(&pw_adap);
	if (err)
		return err;
	pw_late = 1; // want "race"
	return 0;
}

static void pw_remove(struct platform_device *pdev)
{
	i2c_del_adapter(&pw_adap);
	acpi_remove_address_space_handler(ACPI_ROOT_OBJECT, 0x81, pw_space_handler);
}

static struct platform_driver pw_driver = {
	.driver = { .name = "pw" },
	.probe = pw_probe,
	.remove = pw_remove,
};
module_platform_driver(pw_driver);
MODULE_LICENSE("GPL");
