// An ACPI operation region's setup callback writes *return_context, the
// interpreter's slot for this call: a stack local of each activating
// acpi_ev_address_space_dispatch, or the detached region's own
// extra.region_context (drivers/acpi/acpica/evregion.c). Two setup calls
// write two objects (atlas_btns.c's setup raced with itself on it); a
// global the setup writes still races with the handler that reads it.
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/acpi.h>

static int as_calls;

static acpi_status as_handler(u32 function, acpi_physical_address address, u32 bits, u64 *value,
			      void *handler_context, void *region_context)
{
	return as_calls ? AE_OK : AE_ERROR; // want "race"
}

static acpi_status as_setup(acpi_handle region, u32 function, void *handler_context, void **return_context)
{
	*return_context = (function != ACPI_REGION_DEACTIVATE) ? handler_context : NULL;
	as_calls++; // want "race"
	return AE_OK;
}

static int as_probe(struct platform_device *pdev)
{
	if (ACPI_FAILURE(acpi_install_address_space_handler(ACPI_ROOT_OBJECT, 0x81, as_handler,
							     as_setup, NULL)))
		return -ENODEV;
	return 0;
}

static void as_remove(struct platform_device *pdev)
{
	acpi_remove_address_space_handler(ACPI_ROOT_OBJECT, 0x81, as_handler);
}

static struct platform_driver as_driver = {
	.probe = as_probe,
	.remove = as_remove,
	.driver = { .name = "acpisetup" },
};
module_platform_driver(as_driver);
MODULE_LICENSE("GPL");
