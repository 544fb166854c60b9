/* whoop model: linux/sysfs.h - sysfs attributes and groups. */
#ifndef _WHOOP_LINUX_SYSFS_H
#define _WHOOP_LINUX_SYSFS_H

#include <linux/compiler.h>
#include <linux/errno.h>
#include <linux/list.h>
#include <linux/lockdep.h>
#include <linux/kobject_ns.h>
#include <linux/stat.h>
#include <linux/atomic.h>

struct kobject;
struct module;
struct bin_attribute;
struct file;
struct vm_area_struct;

struct attribute {
	const char *name;
	umode_t mode;
};

struct attribute_group {
	const char *name;
	umode_t (*is_visible)(struct kobject *, struct attribute *, int);
	struct attribute **attrs;
	struct bin_attribute **bin_attrs;
};

#define __ATTR(_name, _mode, _show, _store) { \
	.attr = { .name = __stringify(_name), .mode = VERIFY_OCTAL_PERMISSIONS(_mode) }, \
	.show = _show, \
	.store = _store, \
}
#define __ATTR_RO(_name) { \
	.attr = { .name = __stringify(_name), .mode = S_IRUGO }, \
	.show = _name##_show, \
}
#define __ATTR_WO(_name) { \
	.attr = { .name = __stringify(_name), .mode = S_IWUSR }, \
	.store = _name##_store, \
}
#define __ATTR_RW(_name) __ATTR(_name, (S_IWUSR | S_IRUGO), _name##_show, _name##_store)
#define __ATTR_NULL { .attr = { .name = NULL } }
#define ATTRIBUTE_GROUPS(_name) \
static const struct attribute_group _name##_group = { \
	.attrs = _name##_attrs, \
}; \
static const struct attribute_group *_name##_groups[] = { \
	&_name##_group, \
	NULL, \
}

struct bin_attribute {
	struct attribute attr;
	size_t size;
	void *private;
	ssize_t (*read)(struct file *, struct kobject *, struct bin_attribute *, char *, loff_t, size_t);
	ssize_t (*write)(struct file *, struct kobject *, struct bin_attribute *, char *, loff_t, size_t);
	int (*mmap)(struct file *, struct kobject *, struct bin_attribute *attr, struct vm_area_struct *vma);
};

struct sysfs_ops {
	ssize_t (*show)(struct kobject *, struct attribute *, char *);
	ssize_t (*store)(struct kobject *, struct attribute *, const char *, size_t);
};

#define sysfs_attr_init(attr) do { } while (0)
#define sysfs_bin_attr_init(bin_attr) do { } while (0)

extern int __must_check sysfs_create_file(struct kobject *kobj, const struct attribute *attr);
extern void sysfs_remove_file(struct kobject *kobj, const struct attribute *attr);
extern int __must_check sysfs_create_bin_file(struct kobject *kobj, const struct bin_attribute *attr);
extern void sysfs_remove_bin_file(struct kobject *kobj, const struct bin_attribute *attr);
extern int __must_check sysfs_create_group(struct kobject *kobj, const struct attribute_group *grp);
extern void sysfs_remove_group(struct kobject *kobj, const struct attribute_group *grp);
extern int __must_check sysfs_create_groups(struct kobject *kobj, const struct attribute_group **groups);
extern void sysfs_remove_groups(struct kobject *kobj, const struct attribute_group **groups);
extern int sysfs_create_link(struct kobject *kobj, struct kobject *target, const char *name);
extern void sysfs_remove_link(struct kobject *kobj, const char *name);
extern void sysfs_notify(struct kobject *kobj, const char *dir, const char *attr);

#endif /* _WHOOP_LINUX_SYSFS_H */
