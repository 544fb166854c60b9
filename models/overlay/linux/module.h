/* whoop tree-mode overlay: the tree's linux/module.h, then module_init and
 * module_exit as the bundled models spell them. The tree's versions alias
 * init_module/cleanup_module to the driver's functions with
 * __attribute__((alias)), which leaves no trace in the program whoop sees; the
 * __whoop_module_* globals are how the entry-point finder knows the init and
 * exit functions (frontend/entry/globals.go). */
#include_next <linux/module.h>
#undef module_init
#undef module_exit
#define module_init(fn) static initcall_t __whoop_module_init __used = (fn);
#define module_exit(fn) static exitcall_t __whoop_module_exit __used = (fn);
