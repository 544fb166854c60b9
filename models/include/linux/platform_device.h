/* whoop model: linux/platform_device.h - platform devices and drivers. */
#ifndef _WHOOP_LINUX_PLATFORM_DEVICE_H
#define _WHOOP_LINUX_PLATFORM_DEVICE_H

#include <linux/device.h>
#include <linux/mod_devicetable.h>

#define PLATFORM_DEVID_NONE (-1)
#define PLATFORM_DEVID_AUTO (-2)

struct mfd_cell;

struct platform_device {
	const char *name;
	int id;
	bool id_auto;
	struct device dev;
	u32 num_resources;
	struct resource *resource;
	const struct platform_device_id *id_entry;
	char *driver_override;
	struct mfd_cell *mfd_cell;
};

#define platform_get_device_id(pdev) ((pdev)->id_entry)
#define to_platform_device(x) container_of((x), struct platform_device, dev)

extern int platform_device_register(struct platform_device *);
extern void platform_device_unregister(struct platform_device *);
extern struct bus_type platform_bus_type;
extern struct device platform_bus;

extern struct resource *platform_get_resource(struct platform_device *, unsigned int, unsigned int);
extern int platform_get_irq(struct platform_device *, unsigned int);
extern struct resource *platform_get_resource_byname(struct platform_device *, unsigned int, const char *);
extern int platform_get_irq_byname(struct platform_device *, const char *);
extern int platform_add_devices(struct platform_device **, int);

struct platform_device_info {
	struct device *parent;
	struct fwnode_handle *fwnode;
	const char *name;
	int id;
	const struct resource *res;
	unsigned int num_res;
	const void *data;
	size_t size_data;
	u64 dma_mask;
};

extern struct platform_device *platform_device_register_full(const struct platform_device_info *pdevinfo);
extern struct platform_device *platform_device_register_resndata(struct device *parent, const char *name,
								 int id, const struct resource *res,
								 unsigned int num, const void *data,
								 size_t size);
extern struct platform_device *platform_device_register_simple(const char *name, int id,
							       const struct resource *res,
							       unsigned int num);
extern struct platform_device *platform_device_register_data(struct device *parent, const char *name,
							     int id, const void *data, size_t size);
extern struct platform_device *platform_device_alloc(const char *name, int id);
extern int platform_device_add_resources(struct platform_device *pdev, const struct resource *res,
					 unsigned int num);
extern int platform_device_add_data(struct platform_device *pdev, const void *data, size_t size);
extern int platform_device_add(struct platform_device *pdev);
extern void platform_device_del(struct platform_device *pdev);
extern void platform_device_put(struct platform_device *pdev);

struct platform_driver {
	int (*probe)(struct platform_device *);
	int (*remove)(struct platform_device *);
	void (*shutdown)(struct platform_device *);
	int (*suspend)(struct platform_device *, pm_message_t state);
	int (*resume)(struct platform_device *);
	struct device_driver driver;
	const struct platform_device_id *id_table;
	bool prevent_deferred_probe;
};

#define to_platform_driver(drv) (container_of((drv), struct platform_driver, driver))

/* Registration calls (rule 1); the kernel routes these through __platform_driver_register. */
extern int __platform_driver_register(struct platform_driver *, struct module *);
extern int platform_driver_register(struct platform_driver *);
extern void platform_driver_unregister(struct platform_driver *);
extern int __platform_driver_probe(struct platform_driver *driver, int (*probe)(struct platform_device *),
				   struct module *module);
extern int platform_driver_probe(struct platform_driver *driver, int (*probe)(struct platform_device *));
extern struct platform_device *__platform_create_bundle(struct platform_driver *driver,
							int (*probe)(struct platform_device *),
							struct resource *res, unsigned int n_res,
							const void *data, size_t size, struct module *module);
#define platform_create_bundle(driver, probe, res, n_res, data, size) \
	__platform_create_bundle(driver, probe, res, n_res, data, size, THIS_MODULE)

static inline void *platform_get_drvdata(const struct platform_device *pdev)
{
	return dev_get_drvdata(&pdev->dev);
}

static inline void platform_set_drvdata(struct platform_device *pdev, void *data)
{
	dev_set_drvdata(&pdev->dev, data);
}

#define module_platform_driver(__platform_driver) \
	module_driver(__platform_driver, platform_driver_register, platform_driver_unregister)
#define builtin_platform_driver(__platform_driver) module_platform_driver(__platform_driver)
#define module_platform_driver_probe(__platform_driver, __platform_probe) \
static int __init __platform_driver##_init(void) \
{ \
	return platform_driver_probe(&(__platform_driver), __platform_probe); \
} \
module_init(__platform_driver##_init); \
static void __exit __platform_driver##_exit(void) \
{ \
	platform_driver_unregister(&(__platform_driver)); \
} \
module_exit(__platform_driver##_exit);

extern int platform_pm_suspend(struct device *dev);
extern int platform_pm_resume(struct device *dev);

#endif /* _WHOOP_LINUX_PLATFORM_DEVICE_H */
