/* whoop model: linux/moduleparam.h - module parameters (harmless declarations, rule 7). */
#ifndef _WHOOP_LINUX_MODULEPARAM_H
#define _WHOOP_LINUX_MODULEPARAM_H

#include <linux/init.h>
#include <linux/stringify.h>
#include <linux/kernel.h>

struct kernel_param;

struct kernel_param_ops {
	unsigned int flags;
	int (*set)(const char *val, const struct kernel_param *kp);
	int (*get)(char *buffer, const struct kernel_param *kp);
	void (*free)(void *arg);
};

struct kparam_string {
	unsigned int maxlen;
	char *string;
};

struct kparam_array {
	unsigned int max;
	unsigned int elemsize;
	unsigned int *num;
	const struct kernel_param_ops *ops;
	void *elem;
};

struct kernel_param {
	const char *name;
	const struct kernel_param_ops *ops;
	u16 perm;
	s8 level;
	u8 flags;
	union {
		void *arg;
		const struct kparam_string *str;
		const struct kparam_array *arr;
	};
};

/* Parameters are set at load time, before any entry point runs: harmless declarations (rule 7). */
#define module_param(name, type, perm) extern int __whoop_modinfo_unused
#define module_param_named(name, value, type, perm) extern int __whoop_modinfo_unused
#define module_param_unsafe(name, type, perm) extern int __whoop_modinfo_unused
#define module_param_named_unsafe(name, value, type, perm) extern int __whoop_modinfo_unused
#define module_param_cb(name, ops, arg, perm) extern int __whoop_modinfo_unused
#define module_param_string(name, string, len, perm) extern int __whoop_modinfo_unused
#define module_param_array(name, type, nump, perm) extern int __whoop_modinfo_unused
#define module_param_array_named(name, array, type, nump, perm) extern int __whoop_modinfo_unused
#define core_param(name, var, type, perm) extern int __whoop_modinfo_unused
#define MODULE_PARM_DESC(_parm, desc) extern int __whoop_modinfo_unused
#define __MODULE_PARM_TYPE(name, _type) extern int __whoop_modinfo_unused

extern struct kernel_param_ops param_ops_byte;
extern struct kernel_param_ops param_ops_short;
extern struct kernel_param_ops param_ops_ushort;
extern struct kernel_param_ops param_ops_int;
extern struct kernel_param_ops param_ops_uint;
extern struct kernel_param_ops param_ops_long;
extern struct kernel_param_ops param_ops_ulong;
extern struct kernel_param_ops param_ops_charp;
extern struct kernel_param_ops param_ops_bool;

extern int param_set_int(const char *val, const struct kernel_param *kp);
extern int param_get_int(char *buffer, const struct kernel_param *kp);
extern int param_set_uint(const char *val, const struct kernel_param *kp);
extern int param_get_uint(char *buffer, const struct kernel_param *kp);
extern int param_set_bool(const char *val, const struct kernel_param *kp);
extern int param_get_bool(char *buffer, const struct kernel_param *kp);
extern int param_set_charp(const char *val, const struct kernel_param *kp);
extern int param_get_charp(char *buffer, const struct kernel_param *kp);

#endif /* _WHOOP_LINUX_MODULEPARAM_H */
