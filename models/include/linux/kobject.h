/* whoop model: linux/kobject.h - kernel objects, ktypes and uevents. */
#ifndef _WHOOP_LINUX_KOBJECT_H
#define _WHOOP_LINUX_KOBJECT_H

#include <linux/types.h>
#include <linux/list.h>
#include <linux/sysfs.h>
#include <linux/compiler.h>
#include <linux/spinlock.h>
#include <linux/kref.h>
#include <linux/kobject_ns.h>
#include <linux/kernel.h>
#include <linux/wait.h>
#include <linux/atomic.h>
#include <linux/workqueue.h>

#define UEVENT_HELPER_PATH_LEN 256
#define UEVENT_NUM_ENVP 32
#define UEVENT_BUFFER_SIZE 2048

enum kobject_action {
	KOBJ_ADD,
	KOBJ_REMOVE,
	KOBJ_CHANGE,
	KOBJ_MOVE,
	KOBJ_ONLINE,
	KOBJ_OFFLINE,
	KOBJ_MAX
};

struct kernfs_node;

struct kobject {
	const char *name;
	struct list_head entry;
	struct kobject *parent;
	struct kset *kset;
	struct kobj_type *ktype;
	struct kernfs_node *sd;
	struct kref kref;
	unsigned int state_initialized:1;
	unsigned int state_in_sysfs:1;
	unsigned int state_add_uevent_sent:1;
	unsigned int state_remove_uevent_sent:1;
	unsigned int uevent_suppress:1;
};

struct kobj_type {
	void (*release)(struct kobject *kobj);
	const struct sysfs_ops *sysfs_ops;
	struct attribute **default_attrs;
	const struct kobj_ns_type_operations *(*child_ns_type)(struct kobject *kobj);
	const void *(*namespace)(struct kobject *kobj);
};

struct kobj_uevent_env {
	char *argv[3];
	char *envp[UEVENT_NUM_ENVP];
	int envp_idx;
	char buf[UEVENT_BUFFER_SIZE];
	int buflen;
};

struct kset_uevent_ops {
	int (*const filter)(struct kset *kset, struct kobject *kobj);
	const char *(*const name)(struct kset *kset, struct kobject *kobj);
	int (*const uevent)(struct kset *kset, struct kobject *kobj, struct kobj_uevent_env *env);
};

struct kobj_attribute {
	struct attribute attr;
	ssize_t (*show)(struct kobject *kobj, struct kobj_attribute *attr, char *buf);
	ssize_t (*store)(struct kobject *kobj, struct kobj_attribute *attr, const char *buf, size_t count);
};

struct kset {
	struct list_head list;
	spinlock_t list_lock;
	struct kobject kobj;
	const struct kset_uevent_ops *uevent_ops;
};

extern struct kobject *kernel_kobj;
extern struct kobject *firmware_kobj;

extern __printf(2, 3) int kobject_set_name(struct kobject *kobj, const char *name, ...);
static inline const char *kobject_name(const struct kobject *kobj)
{
	return kobj->name;
}
extern void kobject_init(struct kobject *kobj, struct kobj_type *ktype);
extern __printf(3, 4) __must_check int kobject_add(struct kobject *kobj, struct kobject *parent, const char *fmt, ...);
extern __printf(4, 5) __must_check int kobject_init_and_add(struct kobject *kobj, struct kobj_type *ktype,
							    struct kobject *parent, const char *fmt, ...);
extern void kobject_del(struct kobject *kobj);
extern struct kobject *__must_check kobject_create_and_add(const char *name, struct kobject *parent);
extern struct kobject *kobject_get(struct kobject *kobj);
extern void kobject_put(struct kobject *kobj);
extern char *kobject_get_path(struct kobject *kobj, gfp_t flag);
extern int kobject_uevent(struct kobject *kobj, enum kobject_action action);
extern int kobject_uevent_env(struct kobject *kobj, enum kobject_action action, char *envp[]);
extern __printf(2, 3) int add_uevent_var(struct kobj_uevent_env *env, const char *format, ...);

#endif /* _WHOOP_LINUX_KOBJECT_H */
