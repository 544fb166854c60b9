/* whoop model: linux/export.h - symbol exports. An exported symbol is
 * visible to every other module: the __whoop_export_* object records its
 * address, and the entry-point pass treats what it holds as reachable by the
 * kernel (an exported function is an entry point, exported data is shared),
 * whatever the static-linkage assumption says of other non-static symbols. */
#ifndef _WHOOP_LINUX_EXPORT_H
#define _WHOOP_LINUX_EXPORT_H

#define __WHOOP_EXPORT(sym) static void *__whoop_export_##sym __attribute__((__used__)) = (void *)&sym
#define EXPORT_SYMBOL(sym) __WHOOP_EXPORT(sym)
#define EXPORT_SYMBOL_GPL(sym) __WHOOP_EXPORT(sym)
#define EXPORT_SYMBOL_GPL_FUTURE(sym) __WHOOP_EXPORT(sym)
#define EXPORT_UNUSED_SYMBOL(sym) __WHOOP_EXPORT(sym)
#define EXPORT_UNUSED_SYMBOL_GPL(sym) __WHOOP_EXPORT(sym)
#define EXPORT_SYMBOL_NS(sym, ns) __WHOOP_EXPORT(sym)
#define EXPORT_SYMBOL_NS_GPL(sym, ns) __WHOOP_EXPORT(sym)
#define THIS_MODULE (&__this_module)

struct module;
extern struct module __this_module;

#endif /* _WHOOP_LINUX_EXPORT_H */
