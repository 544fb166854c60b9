/* acpi_walk_namespace (Linux 6.12 drivers/acpi/acpica/nsxfeval.c) walks
 * the namespace below start_object in acpi_ns_walk_namespace and calls
 * descending_callback(handle, level, context, return_value) on the way
 * down and ascending_callback on the way up, on the caller's thread, then
 * returns: both callbacks are callees of the caller, not entry points.
 * i2c-scmi's probe fills in the capabilities of its fresh device from
 * such a callback before i2c_add_adapter publishes the adapter whose
 * functionality reads them; what the callbacks write to shared data
 * still races as the caller's own writes would. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>
#include <linux/acpi.h>

typedef acpi_status (*walk_cb)(acpi_handle object, u32 level, void *context, void **ret);
extern acpi_status acpi_walk_namespace(u32 type, acpi_handle start, u32 depth,
				       walk_cb descending, walk_cb ascending,
				       void *context, void **ret);

struct caps {
	int read;
	int write;
};

static DEFINE_MUTEX(m);
static int last_level;
static acpi_handle root;

static acpi_status query_down(acpi_handle object, u32 level, void *context, void **ret)
{
	struct caps *c = context;

	c->read = 1;
	return 0;
}

static acpi_status query_up(acpi_handle object, u32 level, void *context, void **ret)
{
	struct caps *c = context;

	c->write = 1;
	last_level = level; // want "write last_level by dev_read races with (write|read) last_level by dev_(read|write)"
	return 0;
}

static ssize_t dev_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	struct caps c = { 0, 0 };

	mutex_lock(&m);
	acpi_walk_namespace(1, root, 1, query_down, query_up, &c, NULL);
	mutex_unlock(&m);
	return c.read + c.write;
}

static ssize_t dev_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	struct caps c = { 0, 0 };

	acpi_walk_namespace(1, root, 1, query_down, NULL, &c, NULL);
	return last_level + c.read; // want "read last_level by dev_write races with write last_level by dev_read"
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.read = dev_read,
	.write = dev_write,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "walkns", &dev_fops };

static int __init dev_init(void) { return misc_register(&dev_misc); }
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
