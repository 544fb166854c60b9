/* A kernel function that calls the driver's callback with the caller's
 * context before it returns (models/callbacks.go: acpi_dev_get_resources,
 * acpi_walk_resources) hands the callback the caller's own stack local:
 * each lookup fills its own, as gpiolib-acpi's acpi_populate_gpio_lookup
 * does. Without the rows the callback was an entry point and the local
 * the canonical struct, shared by every call. */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/acpi.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>

struct acpi_resource;
extern int acpi_dev_get_resources(struct acpi_device *adev, struct list_head *list,
				  int (*preproc)(struct acpi_resource *, void *), void *preproc_data);
extern acpi_status acpi_walk_resources(acpi_handle handle, char *name,
				       acpi_status (*fn)(struct acpi_resource *, void *), void *context);
extern void acpi_dev_free_resource_list(struct list_head *list);

struct lookup {
	int index;
	int n;
	int found;
};

static struct acpi_device *adev;
static acpi_handle handle;

static int populate(struct acpi_resource *ares, void *data)
{
	struct lookup *l = data;

	if (l->n++ == l->index)                 // want region "local l in dev_read.n" region "local l in dev_read.index" thread-local
		l->found = 1;                   // want region "local l in dev_read.found" thread-local
	return 1;
}

static acpi_status count_one(struct acpi_resource *ares, void *context)
{
	int *count = context;

	(*count)++;                             // want region "local count in dev_write" thread-local
	return AE_OK;
}

static ssize_t dev_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	struct lookup l;
	struct list_head res;

	memset(&l, 0, sizeof(l));
	INIT_LIST_HEAD(&res);
	acpi_dev_get_resources(adev, &res, populate, &l);
	acpi_dev_free_resource_list(&res);
	return l.found;                         // want region "local l in dev_read.found" thread-local
}

static ssize_t dev_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	int count = 0;

	acpi_walk_resources(handle, "_CRS", count_one, &count);
	return count;                           // want region "local count in dev_write" thread-local
}

static const struct file_operations fops = {
	.owner = THIS_MODULE,
	.read = dev_read,
	.write = dev_write,
};

static struct miscdevice misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "acpicb",
	.fops = &fops,
};

static int __init mod_init(void)
{
	return misc_register(&misc);
}
module_init(mod_init);
