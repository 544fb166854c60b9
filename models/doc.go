// Package models is whoop's model of the kernel around a driver.
//
// It holds, as data:
//   - the stub kernel headers (include/, embedded) that real drivers parse
//     against unmodified: our own minimal declarations of the kernel API;
//   - the API semantics tables: which functions take and release locks
//     (locks.go), which helpers read or write memory through their arguments
//     or allocate (helpers.go), which calls register entry points or
//     publish the device (register.go), which call a driver callback on
//     the caller's thread before they return (callbacks.go);
//   - the entry-point tables (entrypoints.go): ops struct types and fields,
//     the role of each callback and how the kernel makes its arguments;
//   - the serialisation rules (pairs.go): which pairs of entry points the
//     kernel never runs concurrently, one row per kernel mechanism.
//
// A new kernel API is one table row or one header. Nothing here computes
// over a program; the tables are read by frontend and lockset. The tables are
// immutable after package initialisation.
//
// The tables state facts about Linux 4.0; where a fact can hide a race if
// it is wrong, the check lets the user drop it (whoop --no-assume):
//   - one device per driver: rules of ScopeDevice (device_lock, the
//     transmit lock, an interrupt line, a per-device timer or work item)
//     serialise callbacks of one driver (lockset.PairOptions.ManyDevices);
//   - one binding: under one device, the bus drivers of a module that
//     probe through common set-up code are alternatives for one device
//     (Facts.Bindings): they share its device_lock and PM phases;
//   - the PM freezer: system-sleep callbacks never run beside a probe,
//     module init or exit, or a callback only user tasks reach (rule
//     "pm-freezer");
//   - lock pairs: a lock usb_driver.pre_reset takes and post_reset
//     releases is held across the reset (LockPairs, lock checks only);
//   - callback brackets: a lock a callback returns holding is held in the
//     callbacks the kernel calls after it on that thread
//     (CallbackBrackets: post_reset after pre_reset; an irq_chip's
//     callbacks between irq_bus_lock and irq_bus_sync_unlock, rule
//     "irq-chip-bus-lock");
//   - module reference counting: module exit never runs while a file of the
//     driver is open, unless the module is forced out (rule "module-ref");
//   - kernel locks: a callback runs under the locks HeldLocks names for it,
//     because every caller in 4.0 takes them (NoKernelLocks); the transmit
//     lock is not claimed when the driver names NETIF_F_LLTX, nor wdd->lock
//     around watchdog_ops.stop when it names watchdog_stop_on_reboot;
//   - publication: a callback is called only once registered, and not after
//     an unregistration marked Waits (NoPublication);
//   - helpers: functions in helpers.go touch exactly the memory listed, and
//     those marked NoEscape keep no pointer; unknown kernel functions touch
//     no driver memory (not switchable: the alternative reports everything);
//   - synchronous callbacks: a function of callbacks.go calls its callback
//     only before it returns, on the caller's thread, and keeps neither it
//     nor its argument (each row names the kernel code; a call with another
//     arity is left an unknown function, whose callback is an entry point;
//     rule "sync-callbacks");
//   - the running task: get_current's result (ReturnsCurrent) is the
//     calling thread's own task_struct (rule "current-per-thread",
//     frontend/regions current.go);
//   - entry points: function pointers in the driver's own structs are
//     called only by the driver unless the struct escapes (frontend/entry
//     escape.go; then they are guessed entry points, in ClassEscaped when
//     they reach the kernel only through calls without a publication effect
//     of their own); other files neither call non-static functions nor use
//     non-static globals (static linkage, Program.ExternLinkage), except
//     what EXPORT_SYMBOL exports.
//
// # Tree-mode overlay
//
// Inside a real kernel tree (frontend/tree.go) the tree's own headers are
// the model of types, prototypes and macros, and the tables apply by name
// (a table function's inline body in the headers is not lowered; the
// _noprof allocators and the _raw_* lock functions behind the API macros
// match their table rows). The overlay (overlay/, searched before the tree)
// replaces only what the analysis must see in another form, each header by
// #include_next of the tree's own and a few redefinitions after it:
//   - linux/module.h: module_init and module_exit as the __whoop_module_*
//     globals the entry-point pass reads (the tree's alias attributes leave
//     no trace in the program);
//   - linux/export.h: EXPORT_SYMBOL as __whoop_export_* globals (the tree's
//     emit __ksymtab entries with inline asm);
//   - linux/property.h: linux/device.h first, so dev_fwnode()'s _Generic
//     sees a complete struct device (cc/v4 resolves _Generic where it is
//     written; gcc completes the type later).
//   - asm/cpufeature.h: static_cpu_has() as boot_cpu_has(), the value the
//     tree's asm goto patched at boot (alternatives) reads from
//     boot_cpu_data, without expanding the mask tests twice per use: the
//     headers use cpu_feature_enabled() dozens of times and that expansion
//     was a tenth of a typical file's front-end time (softdog.c 2.16 s to
//     1.83 s); the REQUIRED/DISABLED mask folding is the tree's.
//   - linux/compiler_types.h: compiletime_assert() (BUILD_BUG_ON,
//     READ_ONCE, WRITE_ONCE, ...) as an empty statement. The tree's
//     declares a fresh error-attributed function per use and calls it
//     under the negated condition, dead in any driver that builds; over
//     the 70 built files of make kernel-test that cost 7% of the median
//     time, and a condition whoop misjudged would have ended the path at
//     a noreturn call. Verdicts and race counts unchanged there.
//
// What cc/v4 cannot read at all is rewritten in the text it sees
// (frontend/kernel_rewrite.go: typeof of a type parameter, const
// __auto_type, empty variadic struct members, the static-call trampoline
// declaration, GNU local labels of macros such as wait_event(), renamed
// per expansion line) or switched off by the prelude after kconfig.h
// (CONFIG_CC_HAS_NAMED_AS, CONFIG_CC_HAS_ASM_INLINE, CONFIG_TRACEPOINTS);
// no x86 asm/ header needs replacing to parse, and inline asm is read as
// touching no driver memory, as with the bundled models.
package models
