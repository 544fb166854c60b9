/* whoop tree-mode overlay: the tree's linux/export.h, then the exports as
 * the bundled models spell them. The tree's versions emit the symbol into
 * the __ksymtab sections with inline asm, which leaves no trace in the
 * program whoop sees; a __whoop_export_* object holding the symbol's address
 * tells the entry-point pass that other modules may use it
 * (frontend/entry/escape.go). */
#include_next <linux/export.h>
#undef EXPORT_SYMBOL
#undef EXPORT_SYMBOL_GPL
#undef EXPORT_SYMBOL_NS
#undef EXPORT_SYMBOL_NS_GPL
#undef EXPORT_SYMBOL_GPL_FOR_MODULES
#define __WHOOP_EXPORT(sym) static void *__whoop_export_##sym __attribute__((__used__)) = (void *)&sym
#define EXPORT_SYMBOL(sym) __WHOOP_EXPORT(sym)
#define EXPORT_SYMBOL_GPL(sym) __WHOOP_EXPORT(sym)
#define EXPORT_SYMBOL_NS(sym, ns) __WHOOP_EXPORT(sym)
#define EXPORT_SYMBOL_NS_GPL(sym, ns) __WHOOP_EXPORT(sym)
