/* Set-up calls run in their callers' probes (assumption setup-pm).
 * amd_mp2_register_cb, a set-up call whose one caller holds the library's
 * device awake (models/setup.go), runs beside neither the system-sleep
 * callbacks (rule pm-freezer-setup: sleep blocks probing) nor the runtime
 * ones (rule setup-runtime-pm). rtc_add_group's callers hold nothing
 * awake: its write still races with runtime resume. mp2_poke, an export
 * without a row, may run at any time: it races with both. */
#include <linux/module.h>
#include <linux/export.h>
#include <linux/pci.h>
#include <linux/pm.h>
#include <linux/rtc.h>

struct amd_i2c_common {
	int bus_id;
};

static struct amd_i2c_common *bus0;
static int groups_added, poked;

int amd_mp2_register_cb(struct amd_i2c_common *c)
{
	bus0 = c; // want "write bus0 by amd_mp2_register_cb races with write bus0 by amd_mp2_register_cb"
	return 0;
}
EXPORT_SYMBOL(amd_mp2_register_cb);

int rtc_add_group(struct rtc_device *rtc, int grp)
{
	groups_added = grp; // want "write groups_added by rtc_add_group races with read groups_added by mp2_runtime_resume" "write groups_added by rtc_add_group races with write groups_added by rtc_add_group"
	return 0;
}
EXPORT_SYMBOL(rtc_add_group);

int mp2_poke(int v)
{
	poked = v; // want "write poked by mp2_poke races with read poked by (mp2_suspend|mp2_runtime_resume)" "write poked by mp2_poke races with write poked by mp2_poke"
	return 0;
}
EXPORT_SYMBOL(mp2_poke);

static int mp2_suspend(struct device *dev)
{
	if (bus0)
		return bus0->bus_id + poked; // want "read poked by mp2_suspend races with write poked by mp2_poke"
	return 0;
}

static int mp2_runtime_resume(struct device *dev)
{
	if (bus0)
		return bus0->bus_id + groups_added + poked; // want "read groups_added by mp2_runtime_resume races with write groups_added by rtc_add_group" "read poked by mp2_runtime_resume races with write poked by mp2_poke"
	return 0;
}

static const struct dev_pm_ops mp2_pm = {
	.suspend = mp2_suspend,
	.runtime_resume = mp2_runtime_resume,
};

static int mp2_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	return 0;
}

static struct pci_driver mp2_driver = {
	.name = "mp2",
	.probe = mp2_probe,
	.driver = { .pm = &mp2_pm },
};
module_pci_driver(mp2_driver);
MODULE_LICENSE("GPL");
