/* acpi_evaluate_object with ACPI_ALLOCATE_BUFFER allocates the result for
 * each call and stores it in the caller's buffer.pointer; the package's
 * elements and their buffers lie in that one block, which the caller
 * kfrees. Two reads each have their own: the accesses through it are
 * thread-local (they were the canonical union acpi_object, and the kfree
 * of one call raced with the other's reads). A copy out of the element's
 * buffer moves no pointer of the block into the destination. */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/acpi.h>
#include <linux/slab.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>

static acpi_handle handle;
static int last;

static ssize_t dev_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	struct acpi_buffer buffer = { ACPI_ALLOCATE_BUFFER, NULL };
	union acpi_object *pkg, *obj;
	int v = 0;

	if (ACPI_FAILURE(acpi_evaluate_object(handle, "_SBR", NULL, &buffer)))
		return -EIO;
	pkg = buffer.pointer;
	if (pkg && pkg->type == ACPI_TYPE_PACKAGE) {    // want region "fresh acpi_evaluate_object in dev_read.type" thread-local
		obj = pkg->package.elements;            // want region "fresh acpi_evaluate_object in dev_read.elements" thread-local
		v = obj->integer.value;                 // want region "fresh acpi_evaluate_object in dev_read.value" thread-local
		v += obj->buffer.pointer[0];            // want thread-local
		memcpy(file->private_data, obj->buffer.pointer, 4);
	}
	kfree(buffer.pointer);                          // want thread-local
	last = v;                                       // want region "global last" shared
	*(int *)file->private_data = v;                 // want shared
	return v;
}

/* A buffer of the driver's own (a fixed length): the result is written
 * there, shared as the driver's object is. */
static union acpi_object result;

static ssize_t dev_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	struct acpi_buffer out = { sizeof(result), &result };

	if (ACPI_FAILURE(acpi_evaluate_object(handle, "_SBW", NULL, &out)))
		return -EIO;
	return result.integer.value;                    // want region "global result.integer.value" shared
}

static const struct file_operations fops = {
	.owner = THIS_MODULE,
	.read = dev_read,
	.write = dev_write,
};

static struct miscdevice misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "acpieval",
	.fops = &fops,
};

static int __init mod_init(void)
{
	return misc_register(&misc);
}
module_init(mod_init);
