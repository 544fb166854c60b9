/* whoop model: linux/device.h - the driver model: device, device_driver, bus_type, class, devres. */
#ifndef _WHOOP_LINUX_DEVICE_H
#define _WHOOP_LINUX_DEVICE_H

#include <linux/ioport.h>
#include <linux/kobject.h>
#include <linux/klist.h>
#include <linux/list.h>
#include <linux/lockdep.h>
#include <linux/compiler.h>
#include <linux/types.h>
#include <linux/mutex.h>
#include <linux/pm.h>
#include <linux/atomic.h>
#include <linux/ratelimit.h>
#include <linux/uidgid.h>
#include <linux/gfp.h>
#include <linux/fwnode.h>
#include <linux/pm_wakeup.h>
#include <linux/module.h>

struct device;
struct device_private;
struct device_driver;
struct driver_private;
struct module;
struct class;
struct subsys_private;
struct bus_type;
struct device_node;
struct iommu_ops;
struct iommu_group;
struct of_device_id;
struct acpi_device_id;
struct device_dma_parameters;
struct dma_coherent_mem;

struct bus_attribute {
	struct attribute attr;
	ssize_t (*show)(struct bus_type *bus, char *buf);
	ssize_t (*store)(struct bus_type *bus, const char *buf, size_t count);
};

struct bus_type {
	const char *name;
	const char *dev_name;
	struct device *dev_root;
	struct device_attribute *dev_attrs;
	const struct attribute_group **bus_groups;
	const struct attribute_group **dev_groups;
	const struct attribute_group **drv_groups;
	int (*match)(struct device *dev, struct device_driver *drv);
	int (*uevent)(struct device *dev, struct kobj_uevent_env *env);
	int (*probe)(struct device *dev);
	int (*remove)(struct device *dev);
	void (*shutdown)(struct device *dev);
	int (*online)(struct device *dev);
	int (*offline)(struct device *dev);
	int (*suspend)(struct device *dev, pm_message_t state);
	int (*resume)(struct device *dev);
	const struct dev_pm_ops *pm;
	const struct iommu_ops *iommu_ops;
	struct subsys_private *p;
	struct lock_class_key lock_key;
};

extern int __must_check bus_register(struct bus_type *bus);
extern void bus_unregister(struct bus_type *bus);
extern int __must_check bus_rescan_devices(struct bus_type *bus);
extern int bus_for_each_dev(struct bus_type *bus, struct device *start, void *data,
			    int (*fn)(struct device *dev, void *data));
extern struct device *bus_find_device(struct bus_type *bus, struct device *start, void *data,
				      int (*match)(struct device *dev, void *data));
extern struct device *bus_find_device_by_name(struct bus_type *bus, struct device *start, const char *name);
extern int __must_check bus_create_file(struct bus_type *, struct bus_attribute *);
extern void bus_remove_file(struct bus_type *, struct bus_attribute *);
extern int bus_for_each_drv(struct bus_type *bus, struct device_driver *start, void *data,
			    int (*fn)(struct device_driver *, void *));

struct device_driver {
	const char *name;
	struct bus_type *bus;
	struct module *owner;
	const char *mod_name;
	bool suppress_bind_attrs;
	const struct of_device_id *of_match_table;
	const struct acpi_device_id *acpi_match_table;
	int (*probe)(struct device *dev);
	int (*remove)(struct device *dev);
	void (*shutdown)(struct device *dev);
	int (*suspend)(struct device *dev, pm_message_t state);
	int (*resume)(struct device *dev);
	const struct attribute_group **groups;
	const struct dev_pm_ops *pm;
	struct driver_private *p;
};

extern int __must_check driver_register(struct device_driver *drv);
extern void driver_unregister(struct device_driver *drv);
extern struct device_driver *driver_find(const char *name, struct bus_type *bus);
extern int driver_probe_done(void);
extern void wait_for_device_probe(void);

struct driver_attribute {
	struct attribute attr;
	ssize_t (*show)(struct device_driver *driver, char *buf);
	ssize_t (*store)(struct device_driver *driver, const char *buf, size_t count);
};

#define DRIVER_ATTR(_name, _mode, _show, _store) \
	struct driver_attribute driver_attr_##_name = __ATTR(_name, _mode, _show, _store)
#define DRIVER_ATTR_RW(_name) struct driver_attribute driver_attr_##_name = __ATTR_RW(_name)
#define DRIVER_ATTR_RO(_name) struct driver_attribute driver_attr_##_name = __ATTR_RO(_name)
#define DRIVER_ATTR_WO(_name) struct driver_attribute driver_attr_##_name = __ATTR_WO(_name)

extern int __must_check driver_create_file(struct device_driver *driver, const struct driver_attribute *attr);
extern void driver_remove_file(struct device_driver *driver, const struct driver_attribute *attr);
extern int __must_check driver_for_each_device(struct device_driver *drv, struct device *start, void *data,
					       int (*fn)(struct device *dev, void *));

struct class_attribute;

struct class {
	const char *name;
	struct module *owner;
	struct class_attribute *class_attrs;
	const struct attribute_group **dev_groups;
	struct kobject *dev_kobj;
	int (*dev_uevent)(struct device *dev, struct kobj_uevent_env *env);
	char *(*devnode)(struct device *dev, umode_t *mode);
	void (*class_release)(struct class *class);
	void (*dev_release)(struct device *dev);
	int (*suspend)(struct device *dev, pm_message_t state);
	int (*resume)(struct device *dev);
	const struct kobj_ns_type_operations *ns_type;
	const void *(*namespace)(struct device *dev);
	const struct dev_pm_ops *pm;
	struct subsys_private *p;
};

struct class_attribute {
	struct attribute attr;
	ssize_t (*show)(struct class *class, struct class_attribute *attr, char *buf);
	ssize_t (*store)(struct class *class, struct class_attribute *attr, const char *buf, size_t count);
};

#define CLASS_ATTR(_name, _mode, _show, _store) \
	struct class_attribute class_attr_##_name = __ATTR(_name, _mode, _show, _store)
#define CLASS_ATTR_RW(_name) struct class_attribute class_attr_##_name = __ATTR_RW(_name)
#define CLASS_ATTR_RO(_name) struct class_attribute class_attr_##_name = __ATTR_RO(_name)

extern struct kobject *sysfs_dev_block_kobj;
extern struct kobject *sysfs_dev_char_kobj;
extern int __must_check __class_register(struct class *class, struct lock_class_key *key);
extern int __must_check class_register(struct class *class);
extern void class_unregister(struct class *class);
extern struct class *class_create(struct module *owner, const char *name);
extern struct class *__class_create(struct module *owner, const char *name, struct lock_class_key *key);
extern void class_destroy(struct class *cls);
extern int __must_check class_create_file(struct class *class, const struct class_attribute *attr);
extern void class_remove_file(struct class *class, const struct class_attribute *attr);

struct device_type {
	const char *name;
	const struct attribute_group **groups;
	int (*uevent)(struct device *dev, struct kobj_uevent_env *env);
	char *(*devnode)(struct device *dev, umode_t *mode, kuid_t *uid, kgid_t *gid);
	void (*release)(struct device *dev);
	const struct dev_pm_ops *pm;
};

struct device_attribute {
	struct attribute attr;
	ssize_t (*show)(struct device *dev, struct device_attribute *attr, char *buf);
	ssize_t (*store)(struct device *dev, struct device_attribute *attr, const char *buf, size_t count);
};

struct dev_ext_attribute {
	struct device_attribute attr;
	void *var;
};

#define DEVICE_ATTR(_name, _mode, _show, _store) \
	struct device_attribute dev_attr_##_name = __ATTR(_name, _mode, _show, _store)
#define DEVICE_ATTR_RW(_name) struct device_attribute dev_attr_##_name = __ATTR_RW(_name)
#define DEVICE_ATTR_RO(_name) struct device_attribute dev_attr_##_name = __ATTR_RO(_name)
#define DEVICE_ATTR_WO(_name) struct device_attribute dev_attr_##_name = __ATTR_WO(_name)

extern int device_create_file(struct device *device, const struct device_attribute *entry);
extern int device_add_groups(struct device *dev, const struct attribute_group **groups);
extern void device_remove_groups(struct device *dev, const struct attribute_group **groups);
extern void device_remove_file(struct device *dev, const struct device_attribute *attr);
extern int __must_check device_create_bin_file(struct device *dev, const struct bin_attribute *attr);
extern void device_remove_bin_file(struct device *dev, const struct bin_attribute *attr);

/* Device-managed resources: freed when the driver detaches. */
typedef void (*dr_release_t)(struct device *dev, void *res);
typedef int (*dr_match_t)(struct device *dev, void *res, void *match_data);
extern void *devres_alloc(dr_release_t release, size_t size, gfp_t gfp);
extern void devres_free(void *res);
extern void devres_add(struct device *dev, void *res);
extern int devres_destroy(struct device *dev, dr_release_t release, dr_match_t match, void *match_data);
extern int devres_release(struct device *dev, dr_release_t release, dr_match_t match, void *match_data);
extern void *devm_kmalloc(struct device *dev, size_t size, gfp_t gfp);
extern void *devm_kzalloc(struct device *dev, size_t size, gfp_t gfp);
extern void *devm_kmalloc_array(struct device *dev, size_t n, size_t size, gfp_t flags);
extern void *devm_kcalloc(struct device *dev, size_t n, size_t size, gfp_t flags);
extern void devm_kfree(struct device *dev, void *p);
extern char *devm_kstrdup(struct device *dev, const char *s, gfp_t gfp);
extern void *devm_kmemdup(struct device *dev, const void *src, size_t len, gfp_t gfp);
extern unsigned long devm_get_free_pages(struct device *dev, gfp_t gfp_mask, unsigned int order);
extern void devm_free_pages(struct device *dev, unsigned long addr);
extern void __iomem *devm_ioremap_resource(struct device *dev, struct resource *res);
extern int devm_add_action(struct device *dev, void (*action)(void *), void *data);
extern void devm_remove_action(struct device *dev, void (*action)(void *), void *data);

enum dpm_order {
	DPM_ORDER_NONE,
	DPM_ORDER_DEV_AFTER_PARENT,
	DPM_ORDER_PARENT_BEFORE_DEV,
	DPM_ORDER_DEV_LAST,
};

struct device_dma_parameters {
	unsigned int max_segment_size;
	unsigned long segment_boundary_mask;
};

struct dev_archdata {
	void *acpi_handle;
	void *iommu;
};

struct device {
	struct device *parent;
	struct device_private *p;
	struct kobject kobj;
	const char *init_name;
	const struct device_type *type;
	struct mutex mutex;
	struct bus_type *bus;
	struct device_driver *driver;
	void *platform_data;
	void *driver_data;
	struct dev_pm_info power;
	struct dev_pm_domain *pm_domain;
	int numa_node;
	u64 *dma_mask;
	u64 coherent_dma_mask;
	unsigned long dma_pfn_offset;
	struct device_dma_parameters *dma_parms;
	struct list_head dma_pools;
	struct dma_coherent_mem *dma_mem;
	struct dev_archdata archdata;
	struct device_node *of_node;
	struct fwnode_handle *fwnode;
	dev_t devt;
	u32 id;
	spinlock_t devres_lock;
	struct list_head devres_head;
	struct klist_node knode_class;
	struct class *class;
	const struct attribute_group **groups;
	void (*release)(struct device *dev);
	struct iommu_group *iommu_group;
	bool offline_disabled:1;
	bool offline:1;
};

static inline struct device *kobj_to_dev(struct kobject *kobj)
{
	return container_of(kobj, struct device, kobj);
}

static inline const char *dev_name(const struct device *dev)
{
	if (dev->init_name)
		return dev->init_name;
	return kobject_name(&dev->kobj);
}

extern __printf(2, 3) int dev_set_name(struct device *dev, const char *name, ...);

static inline int dev_to_node(struct device *dev)
{
	return dev->numa_node;
}

static inline void set_dev_node(struct device *dev, int node)
{
	dev->numa_node = node;
}

/* Plain accesses to the device's driver_data (rule 8). */
static inline void *dev_get_drvdata(const struct device *dev)
{
	return dev->driver_data;
}

static inline void dev_set_drvdata(struct device *dev, void *data)
{
	dev->driver_data = data;
}

static inline void *dev_get_platdata(const struct device *dev)
{
	return dev->platform_data;
}

static inline bool device_is_registered(struct device *dev)
{
	return dev->kobj.state_in_sysfs;
}

static inline void device_enable_async_suspend(struct device *dev)
{
	if (!dev->power.is_prepared)
		dev->power.async_suspend = true;
}

static inline void device_lock(struct device *dev)
{
	mutex_lock(&dev->mutex);
}

static inline int device_trylock(struct device *dev)
{
	return mutex_trylock(&dev->mutex);
}

static inline void device_unlock(struct device *dev)
{
	mutex_unlock(&dev->mutex);
}

extern int __must_check device_register(struct device *dev);
extern void device_unregister(struct device *dev);
extern void device_initialize(struct device *dev);
extern int __must_check device_add(struct device *dev);
extern void device_del(struct device *dev);
extern int device_for_each_child(struct device *dev, void *data, int (*fn)(struct device *dev, void *data));
extern struct device *device_find_child(struct device *dev, void *data, int (*match)(struct device *dev, void *data));
extern int device_rename(struct device *dev, const char *new_name);
extern int device_move(struct device *dev, struct device *new_parent, enum dpm_order dpm_order);
extern const char *device_get_devnode(struct device *dev, umode_t *mode, kuid_t *uid, kgid_t *gid,
				      const char **tmp);
extern int device_online(struct device *dev);
extern int device_offline(struct device *dev);

extern struct device *__root_device_register(const char *name, struct module *owner);
#define root_device_register(name) __root_device_register(name, THIS_MODULE)
extern void root_device_unregister(struct device *root);

extern int __must_check device_bind_driver(struct device *dev);
extern void device_release_driver(struct device *dev);
extern int __must_check device_attach(struct device *dev);
extern int __must_check driver_attach(struct device_driver *drv);
extern int __must_check device_reprobe(struct device *dev);

extern __printf(5, 6) struct device *device_create(struct class *cls, struct device *parent, dev_t devt,
						   void *drvdata, const char *fmt, ...);
extern __printf(6, 7) struct device *device_create_with_groups(struct class *cls, struct device *parent,
							       dev_t devt, void *drvdata,
							       const struct attribute_group **groups,
							       const char *fmt, ...);
extern void device_destroy(struct class *cls, dev_t devt);

extern struct device *get_device(struct device *dev);
extern void put_device(struct device *dev);
extern int devtmpfs_create_node(struct device *dev);
extern int devtmpfs_delete_node(struct device *dev);
extern void device_shutdown(void);
extern const char *dev_driver_string(const struct device *dev);

/* Messages: extern printf-like functions and macros that keep their arguments (rule 10). */
extern __printf(3, 4) int dev_printk(const char *level, const struct device *dev, const char *fmt, ...);
extern __printf(2, 3) int dev_emerg(const struct device *dev, const char *fmt, ...);
extern __printf(2, 3) int dev_alert(const struct device *dev, const char *fmt, ...);
extern __printf(2, 3) int dev_crit(const struct device *dev, const char *fmt, ...);
extern __printf(2, 3) int dev_err(const struct device *dev, const char *fmt, ...);
extern __printf(2, 3) int dev_warn(const struct device *dev, const char *fmt, ...);
extern __printf(2, 3) int dev_notice(const struct device *dev, const char *fmt, ...);
extern __printf(2, 3) int _dev_info(const struct device *dev, const char *fmt, ...);

#define dev_info(dev, fmt, ...) _dev_info(dev, fmt, ##__VA_ARGS__)
#define dev_dbg(dev, format, ...) dev_printk(KERN_DEBUG, dev, format, ##__VA_ARGS__)
#define dev_vdbg(dev, format, ...) dev_dbg(dev, format, ##__VA_ARGS__)
#define dev_level_once(dev_level, dev, fmt, ...) dev_level(dev, fmt, ##__VA_ARGS__)
#define dev_emerg_once(dev, fmt, ...) dev_emerg(dev, fmt, ##__VA_ARGS__)
#define dev_alert_once(dev, fmt, ...) dev_alert(dev, fmt, ##__VA_ARGS__)
#define dev_crit_once(dev, fmt, ...) dev_crit(dev, fmt, ##__VA_ARGS__)
#define dev_err_once(dev, fmt, ...) dev_err(dev, fmt, ##__VA_ARGS__)
#define dev_warn_once(dev, fmt, ...) dev_warn(dev, fmt, ##__VA_ARGS__)
#define dev_notice_once(dev, fmt, ...) dev_notice(dev, fmt, ##__VA_ARGS__)
#define dev_info_once(dev, fmt, ...) dev_info(dev, fmt, ##__VA_ARGS__)
#define dev_dbg_once(dev, fmt, ...) dev_dbg(dev, fmt, ##__VA_ARGS__)
#define dev_emerg_ratelimited(dev, fmt, ...) dev_emerg(dev, fmt, ##__VA_ARGS__)
#define dev_alert_ratelimited(dev, fmt, ...) dev_alert(dev, fmt, ##__VA_ARGS__)
#define dev_crit_ratelimited(dev, fmt, ...) dev_crit(dev, fmt, ##__VA_ARGS__)
#define dev_err_ratelimited(dev, fmt, ...) dev_err(dev, fmt, ##__VA_ARGS__)
#define dev_warn_ratelimited(dev, fmt, ...) dev_warn(dev, fmt, ##__VA_ARGS__)
#define dev_notice_ratelimited(dev, fmt, ...) dev_notice(dev, fmt, ##__VA_ARGS__)
#define dev_info_ratelimited(dev, fmt, ...) dev_info(dev, fmt, ##__VA_ARGS__)
#define dev_dbg_ratelimited(dev, fmt, ...) dev_dbg(dev, fmt, ##__VA_ARGS__)
#define dev_WARN(dev, format, ...) \
	WARN(1, "%s %s: " format, dev_driver_string(dev), dev_name(dev), ##__VA_ARGS__)
#define dev_WARN_ONCE(dev, condition, format, ...) \
	WARN(condition, "%s %s: " format, dev_driver_string(dev), dev_name(dev), ##__VA_ARGS__)

#define MODULE_ALIAS_CHARDEV_MINOR(m) extern int __whoop_modinfo_unused

/*
 * The kernel's helper for drivers whose init and exit only register and
 * unregister: it defines both functions and hooks them through
 * module_init/module_exit (rule 7).
 */
#define module_driver(__driver, __register, __unregister, ...) \
static int __init __driver##_init(void) \
{ \
	return __register(&(__driver), ##__VA_ARGS__); \
} \
module_init(__driver##_init); \
static void __exit __driver##_exit(void) \
{ \
	__unregister(&(__driver), ##__VA_ARGS__); \
} \
module_exit(__driver##_exit);

#endif /* _WHOOP_LINUX_DEVICE_H */
