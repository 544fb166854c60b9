/* whoop model: linux/export.h - symbol exports (harmless declarations, rule 7). */
#ifndef _WHOOP_LINUX_EXPORT_H
#define _WHOOP_LINUX_EXPORT_H

#define EXPORT_SYMBOL(sym) extern int __whoop_modinfo_unused
#define EXPORT_SYMBOL_GPL(sym) extern int __whoop_modinfo_unused
#define EXPORT_SYMBOL_GPL_FUTURE(sym) extern int __whoop_modinfo_unused
#define EXPORT_UNUSED_SYMBOL(sym) extern int __whoop_modinfo_unused
#define EXPORT_UNUSED_SYMBOL_GPL(sym) extern int __whoop_modinfo_unused
#define THIS_MODULE (&__this_module)

struct module;
extern struct module __this_module;

#endif /* _WHOOP_LINUX_EXPORT_H */
