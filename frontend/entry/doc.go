// Package entry finds a driver's entry points in its IR: the functions the
// kernel calls, each with its role, the ops struct field or registration
// that makes it callable, and how the kernel makes its arguments (models'
// entry-point tables). It plays the part of the original Chauffeur, without
// its limits: initialisers are read after lowering (designated and
// positional alike), nested and embedded ops structs are followed, callbacks
// registered at run time are found, and fields are matched by struct type
// and field name together.
//
// Find receives an *ir.Program from the lowering and returns its entry
// points in a deterministic order (by registration position). It finds:
//
//   - functions in static initialisers of known ops structs (file_operations,
//     pci_driver, dev_pm_ops reached through .driver.pm, ...), attributed to
//     the outermost struct of the same device ("platform_driver",
//     "driver.pm.suspend");
//   - module_init/module_exit and initcalls through the __whoop_module_init,
//     __whoop_module_exit and __whoop_initcall_* globals of the model headers;
//   - callbacks passed to registration calls (request_irq, setup_timer,
//     INIT_WORK, netif_napi_add, blk_init_queue, ...) directly or through
//     locals and parameters, and function addresses stored into fields of
//     known structs (timer.function = f, input->open = f);
//   - sound defaults for what the tables do not know: a driver function in a
//     kernel struct the tables lack, or passed to a kernel function they
//     lack, is an entry point with Guessed set, its role guessed from the
//     field name;
//   - entry points by escape (escape.go): a driver function the kernel can
//     reach, through a struct of any type (the driver's own too) or memory
//     that escapes: passed to a kernel function that may keep it, stored
//     into memory the kernel reaches (through an entry point's parameter,
//     what kernel functions return), returned to the kernel, or non-static
//     when the static-linkage assumption is dropped. Guessed, roles from
//     field names. A function-pointer table that provably never escapes is
//     the driver's own dispatch table: no entry points. Neither is a member
//     of a private struct type (ir.Struct.Local, and no kernel prototype
//     mentions it: privateTypes), wherever the object is: what the driver
//     stores into such members flows only to loads of them (one node per
//     member name), not into the object's contents, so a function escapes
//     from there only if the driver loads it and lets it out;
//
// One entry point exists per distinct (function, role, struct, variable,
// field) of the tables: a function registered in two roles (remove and
// shutdown) is two entry points, and the same registration at several call
// sites is one, positioned at the first. The guessed sites of one function
// make one entry point (register_thing(cb) and unregister_thing(cb)), so
// its races are reported once. Only functions with bodies are entry
// points; library callbacks (no_llseek, eth_validate_addr) are not.
//
// A guessed entry point that reaches the kernel only as an argument of
// kernel functions without a publication effect of their own
// (foo_register(&foo_ops)) is in class models.ClassEscaped, which the
// first call of one of them publishes (Facts.Escaped, Facts.EscapeCalls).
//
// FactsOf returns what the pairing rules need to know beyond the entry
// points (models.Facts): registrations repeated at once (and why), ops
// whose owner is THIS_MODULE (and whose files pin the module: not proc
// files), NETIF_F_LLTX, locks handed to the kernel. SitesOf lists where
// each entry point was made callable: initialiser cells, registration
// calls, stores.
//
// Assumptions (each can hide a race):
//   - a callback loaded from memory at a registration call
//     (request_irq(irq, ops->handler, ...)) or stored into a kernel
//     struct's function-pointer member (w->wq.func = ops.wake) is resolved
//     by the escape analysis when the memory is the driver's own; when it
//     may be kernel memory, Find adds a warning to Program.Warnings and the
//     functions the driver stored there are entry points by escape, roles
//     guessed (not the registration's role);
//   - static linkage: other translation units neither call the driver's
//     non-static functions nor use its non-static globals, unless
//     Program.ExternLinkage is set (--no-assume static-linkage); the
//     escape analysis trusts the helper table's NoEscape rows and the
//     locking table (those kernel functions keep no pointer);
//   - local types: kernel code cannot name the members of a private
//     struct type, so it never calls through them, unless
//     Program.KernelReadsLocalFields is set (--no-assume local-types); a
//     function pointer the driver reads from such a member as a plain
//     integer or void * through an untyped pointer is not followed;
//   - repeated registration (one handler on several interrupt lines) is
//     seen through several call sites, calls in loops, driver functions
//     called from several places or loops, and driver functions that may
//     run twice at once for one device (repeat.go: reached from an entry
//     point whose pair with itself is concurrent, such as a file
//     operation, other than init, exit, probe and remove, or from two
//     entry points that may run at the same time; not when every run
//     registers the same global timer, work item, tasklet or NAPI context
//     or the same constant interrupt line); a registration repeated by
//     other means (run again only after an earlier run returned, or
//     reached only through a function pointer) counts once;
//   - NETIF_F_LLTX is detected by its name in the driver's sources.
package entry
