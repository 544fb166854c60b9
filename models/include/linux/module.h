/* whoop model: linux/module.h - struct module, THIS_MODULE, MODULE_* info and module_driver (rule 7). */
#ifndef _WHOOP_LINUX_MODULE_H
#define _WHOOP_LINUX_MODULE_H

#include <linux/list.h>
#include <linux/stat.h>
#include <linux/compiler.h>
#include <linux/cache.h>
#include <linux/kmod.h>
#include <linux/init.h>
#include <linux/stringify.h>
#include <linux/kobject.h>
#include <linux/moduleparam.h>
#include <linux/export.h>
#include <linux/printk.h>

#define MODULE_NAME_LEN (64 - sizeof(unsigned long))

enum module_state {
	MODULE_STATE_LIVE,
	MODULE_STATE_COMING,
	MODULE_STATE_GOING,
	MODULE_STATE_UNFORMED,
};

struct module_kobject {
	struct kobject kobj;
	struct module *mod;
	struct kobject *drivers_dir;
};

struct module {
	enum module_state state;
	struct list_head list;
	char name[MODULE_NAME_LEN];
	struct module_kobject mkobj;
	const char *version;
	const char *srcversion;
	int (*init)(void);
	void *module_init;
	void *module_core;
	unsigned int init_size, core_size;
	struct list_head source_list;
	struct list_head target_list;
	void (*exit)(void);
	atomic_t refcnt;
};

/* Module information: harmless file-scope declarations, never nothing. */
#define MODULE_INFO(tag, info) extern int __whoop_modinfo_unused
#define MODULE_ALIAS(_alias) extern int __whoop_modinfo_unused
#define MODULE_SOFTDEP(_softdep) extern int __whoop_modinfo_unused
#define MODULE_LICENSE(_license) extern int __whoop_modinfo_unused
#define MODULE_AUTHOR(_author) extern int __whoop_modinfo_unused
#define MODULE_DESCRIPTION(_description) extern int __whoop_modinfo_unused
#define MODULE_VERSION(_version) extern int __whoop_modinfo_unused
#define MODULE_FIRMWARE(_firmware) extern int __whoop_modinfo_unused
#define MODULE_SUPPORTED_DEVICE(name) extern int __whoop_modinfo_unused
#define MODULE_DEVICE_TABLE(type, name) extern int __whoop_modinfo_unused
#define MODULE_ALIAS_MISCDEV(minor) extern int __whoop_modinfo_unused
#define MODULE_ALIAS_CHARDEV(major, minor) extern int __whoop_modinfo_unused
#define MODULE_ALIAS_CHARDEV_MAJOR(major) extern int __whoop_modinfo_unused
#define MODULE_ALIAS_BLOCKDEV(major, minor) extern int __whoop_modinfo_unused
#define MODULE_ALIAS_BLOCKDEV_MAJOR(major) extern int __whoop_modinfo_unused
#define MODULE_ALIAS_NETDEV(device) extern int __whoop_modinfo_unused
#define MODULE_ALIAS_FS(NAME) extern int __whoop_modinfo_unused

extern int __must_check try_module_get(struct module *module);
extern void __module_get(struct module *module);
extern void module_put(struct module *module);
extern bool module_is_live(struct module *mod);
extern struct module *__module_address(unsigned long addr);
extern bool is_module_address(unsigned long addr);
extern const char *module_name(struct module *mod);
#define symbol_get(x) ((__typeof__(&x))(__symbol_get(#x)))
#define symbol_put(x) __symbol_put(#x)
extern void *__symbol_get(const char *symbol);
extern void __symbol_put(const char *symbol);
extern void symbol_put_addr(void *addr);
extern int request_module(const char *name, ...);

#endif /* _WHOOP_LINUX_MODULE_H */
