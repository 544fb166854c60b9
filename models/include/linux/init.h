/* whoop model: linux/init.h - section markers and initcall registration (rule 7). */
#ifndef _WHOOP_LINUX_INIT_H
#define _WHOOP_LINUX_INIT_H

#include <linux/compiler.h>
#include <linux/types.h>

#define __init __section(.init.text) __cold notrace
#define __initdata __section(.init.data)
#define __initconst __section(.init.rodata)
#define __exitdata __section(.exit.data)
#define __exit_call __used __section(.exitcall.exit)
#define __exit __section(.exit.text) __cold notrace
#define __ref __section(.ref.text) noinline
#define __refdata __section(.ref.data)
#define __refconst __section(.ref.rodata)
#define __initrodata __section(.init.rodata)
#define __meminit __section(.meminit.text) __cold notrace
#define __meminitdata __section(.meminit.data)
#define __meminitconst __section(.meminit.rodata)
#define __memexit __section(.memexit.text) __exitused __cold notrace
#define __exitused
#define __nosavedata __section(.data..nosave)

/* Removed from the kernel in 3.8; older drivers still write them. */
#define __devinit __section(.init.text) __cold notrace
#define __devinitdata __section(.init.data)
#define __devinitconst __section(.init.rodata)
#define __devexit __section(.exit.text) __cold notrace
#define __devexitdata __section(.exit.data)
#define __devexitconst __section(.exit.rodata)
#define __devexit_p(x) x
#define __cpuinit
#define __cpuinitdata
#define __cpuexit

typedef int (*initcall_t)(void);
typedef void (*exitcall_t)(void);

extern initcall_t __con_initcall_start[], __con_initcall_end[];
extern char __initdata boot_command_line[];
extern char *saved_command_line;
extern unsigned int reset_devices;
void setup_arch(char **);
void prepare_namespace(void);
extern void (*late_time_init)(void);
extern bool initcall_debug;

/*
 * Initcalls leave a static function-pointer global the entry-point pass
 * recognises by name (__whoop_module_init, __whoop_initcall_<fn>).
 */
#define __define_initcall(fn, id) \
	static initcall_t __whoop_initcall_##fn##id __used = (fn);

#define pure_initcall(fn) static initcall_t __whoop_initcall_##fn __used = (fn);
#define core_initcall(fn) static initcall_t __whoop_initcall_##fn __used = (fn);
#define core_initcall_sync(fn) static initcall_t __whoop_initcall_##fn __used = (fn);
#define postcore_initcall(fn) static initcall_t __whoop_initcall_##fn __used = (fn);
#define postcore_initcall_sync(fn) static initcall_t __whoop_initcall_##fn __used = (fn);
#define arch_initcall(fn) static initcall_t __whoop_initcall_##fn __used = (fn);
#define arch_initcall_sync(fn) static initcall_t __whoop_initcall_##fn __used = (fn);
#define subsys_initcall(fn) static initcall_t __whoop_initcall_##fn __used = (fn);
#define subsys_initcall_sync(fn) static initcall_t __whoop_initcall_##fn __used = (fn);
#define fs_initcall(fn) static initcall_t __whoop_initcall_##fn __used = (fn);
#define fs_initcall_sync(fn) static initcall_t __whoop_initcall_##fn __used = (fn);
#define rootfs_initcall(fn) static initcall_t __whoop_initcall_##fn __used = (fn);
#define device_initcall(fn) static initcall_t __whoop_initcall_##fn __used = (fn);
#define device_initcall_sync(fn) static initcall_t __whoop_initcall_##fn __used = (fn);
#define late_initcall(fn) static initcall_t __whoop_initcall_##fn __used = (fn);
#define late_initcall_sync(fn) static initcall_t __whoop_initcall_##fn __used = (fn);
#define console_initcall(fn) static initcall_t __whoop_initcall_##fn __used = (fn);
#define security_initcall(fn) static initcall_t __whoop_initcall_##fn __used = (fn);
#define __initcall(fn) device_initcall(fn)
#define __exitcall(fn) static exitcall_t __whoop_exitcall_##fn __used = (fn);

/* Built-in and modular code register the same way here: whoop analyses one module. */
#define module_init(fn) static initcall_t __whoop_module_init __used = (fn);
#define module_exit(fn) static exitcall_t __whoop_module_exit __used = (fn);

struct obs_kernel_param {
	const char *str;
	int (*setup_func)(char *);
	int early;
};

#define __setup_param(str, unique_id, fn, early) \
	static struct obs_kernel_param __whoop_setup_##unique_id __used = { str, fn, early };
#define __setup(str, fn) __setup_param(str, fn, fn, 0)
#define early_param(str, fn) __setup_param(str, fn, fn, 1)

#endif /* _WHOOP_LINUX_INIT_H */
