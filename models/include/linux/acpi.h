/* whoop model: linux/acpi.h - ACPI devices and drivers (the bus types are declared with or without CONFIG_ACPI). */
#ifndef _WHOOP_LINUX_ACPI_H
#define _WHOOP_LINUX_ACPI_H

#include <linux/errno.h>
#include <linux/ioport.h>
#include <linux/list.h>
#include <linux/mod_devicetable.h>
#include <linux/device.h>
#include <linux/property.h>

typedef void *acpi_handle;
typedef u32 acpi_status;
typedef char *acpi_string;
typedef u64 acpi_size;
typedef u64 acpi_io_address;
typedef u64 acpi_physical_address;
typedef u32 acpi_object_type;
typedef u64 acpi_integer;

#define AE_OK (acpi_status)0x0000
#define AE_ERROR (acpi_status)0x0001
#define AE_NO_ACPI_TABLES (acpi_status)0x0002
#define AE_NOT_FOUND (acpi_status)0x0005
#define AE_NO_MEMORY (acpi_status)0x0004
#define AE_BAD_PARAMETER (acpi_status)0x1001
#define AE_CTRL_TERMINATE (acpi_status)0x4004
#define ACPI_SUCCESS(a) (!(a))
#define ACPI_FAILURE(a) (a)

#define ACPI_TYPE_ANY 0x00
#define ACPI_TYPE_INTEGER 0x01
#define ACPI_TYPE_STRING 0x02
#define ACPI_TYPE_BUFFER 0x03
#define ACPI_TYPE_PACKAGE 0x04
#define ACPI_TYPE_DEVICE 0x06

#define ACPI_ALLOCATE_BUFFER (acpi_size)(-1)
#define ACPI_FULL_PATHNAME 0
#define ACPI_SINGLE_NAME 1

union acpi_object {
	acpi_object_type type;
	struct {
		acpi_object_type type;
		u64 value;
	} integer;
	struct {
		acpi_object_type type;
		u32 length;
		char *pointer;
	} string;
	struct {
		acpi_object_type type;
		u32 length;
		u8 *pointer;
	} buffer;
	struct {
		acpi_object_type type;
		u32 count;
		union acpi_object *elements;
	} package;
};

struct acpi_object_list {
	u32 count;
	union acpi_object *pointer;
};

struct acpi_buffer {
	acpi_size length;
	void *pointer;
};

#define ACPI_ID_LEN 9
#define ACPI_DEVICE_NAME_MAX 40
#define ACPI_DEVICE_CLASS_MAX 20

typedef char acpi_bus_id[8];
typedef unsigned long acpi_bus_address;
typedef char acpi_device_name[ACPI_DEVICE_NAME_MAX];
typedef char acpi_device_class[ACPI_DEVICE_CLASS_MAX];

struct acpi_device;
struct acpi_driver;

typedef int (*acpi_op_add)(struct acpi_device *device);
typedef int (*acpi_op_remove)(struct acpi_device *device);
typedef void (*acpi_op_notify)(struct acpi_device *device, u32 event);

struct acpi_device_ops {
	acpi_op_add add;
	acpi_op_remove remove;
	acpi_op_notify notify;
};

#define ACPI_DRIVER_ALL_NOTIFY_EVENTS 0x1

struct acpi_driver {
	char name[80];
	char class[80];
	const struct acpi_device_id *ids;
	unsigned int flags;
	struct acpi_device_ops ops;
	struct device_driver drv;
	struct module *owner;
};

struct acpi_device_status {
	u32 present:1;
	u32 enabled:1;
	u32 show_in_ui:1;
	u32 functional:1;
	u32 battery_present:1;
	u32 reserved:27;
};

struct acpi_device_flags {
	u32 dynamic_status:1;
	u32 removable:1;
	u32 ejectable:1;
	u32 power_manageable:1;
	u32 match_driver:1;
	u32 initialized:1;
	u32 visited:1;
	u32 reserved:25;
};

struct acpi_device_pnp {
	acpi_bus_id bus_id;
	acpi_bus_address bus_address;
	struct list_head ids;
	acpi_device_name device_name;
	acpi_device_class device_class;
	union acpi_object *str_obj;
};

#define acpi_device_bid(d) ((d)->pnp.bus_id)
#define acpi_device_adr(d) ((d)->pnp.bus_address)
#define acpi_device_name(d) ((d)->pnp.device_name)
#define acpi_device_class(d) ((d)->pnp.device_class)

struct acpi_device {
	int device_type;
	acpi_handle handle;
	struct fwnode_handle fwnode;
	struct acpi_device *parent;
	struct list_head children;
	struct list_head node;
	struct list_head wakeup_list;
	struct list_head del_list;
	struct acpi_device_status status;
	struct acpi_device_flags flags;
	struct acpi_device_pnp pnp;
	void *driver_data;
	struct device dev;
	unsigned int physical_node_count;
	struct list_head physical_node_list;
	struct mutex physical_node_lock;
	void (*remove)(struct acpi_device *);
};

#define acpi_driver_data(d) ((d)->driver_data)
#define to_acpi_device(d) container_of(d, struct acpi_device, dev)
#define to_acpi_driver(d) container_of(d, struct acpi_driver, drv)

/* Registration calls (rule 1). */
extern int acpi_bus_register_driver(struct acpi_driver *driver);
extern void acpi_bus_unregister_driver(struct acpi_driver *driver);
extern int acpi_bus_get_device(acpi_handle handle, struct acpi_device **device);
extern acpi_status acpi_evaluate_object(acpi_handle handle, acpi_string pathname,
					struct acpi_object_list *parameter_objects,
					struct acpi_buffer *return_object_buffer);
extern acpi_status acpi_evaluate_integer(acpi_handle handle, acpi_string pathname,
					 struct acpi_object_list *arguments, unsigned long long *data);
extern acpi_status acpi_get_handle(acpi_handle parent, acpi_string pathname, acpi_handle *ret_handle);
extern acpi_status acpi_get_name(acpi_handle object, u32 name_type, struct acpi_buffer *ret_path_ptr);
extern acpi_status acpi_install_notify_handler(acpi_handle device, u32 handler_type,
					       void (*handler)(acpi_handle, u32, void *), void *context);
extern acpi_status acpi_remove_notify_handler(acpi_handle device, u32 handler_type,
					      void (*handler)(acpi_handle, u32, void *));
extern int acpi_bus_generate_netlink_event(const char *, const char *, u8, int);
extern bool acpi_dev_present(const char *hid);
extern int ec_read(u8 addr, u8 *val);
extern int ec_write(u8 addr, u8 val);
extern int ec_transaction(u8 command, const u8 *wdata, unsigned wdata_len, u8 *rdata, unsigned rdata_len);

#define module_acpi_driver(__acpi_driver) \
	module_driver(__acpi_driver, acpi_bus_register_driver, acpi_bus_unregister_driver)

#ifdef CONFIG_ACPI
extern int acpi_disabled;
extern int acpi_noirq;
extern int acpi_pci_disabled;
#define ACPI_PTR(_ptr) (_ptr)
#define ACPI_HANDLE(dev) ((dev)->archdata.acpi_handle)
#else
#define acpi_disabled 1
#define ACPI_PTR(_ptr) (NULL)
#define ACPI_HANDLE(dev) (NULL)
#endif

#endif /* _WHOOP_LINUX_ACPI_H */
