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
//     field name. Functions in the driver's own structs are not entry points:
//     the kernel cannot know their layout.
//
// One entry point exists per distinct (function, role, struct, variable,
// field): a function registered in two roles (remove and shutdown) is two
// entry points, and the same registration at several call sites is one,
// positioned at the first. Only functions with bodies are entry points;
// library callbacks (no_llseek, eth_validate_addr) are not.
//
// FactsOf returns what the pairing rules need to know beyond the entry
// points (models.Facts): registrations repeated at once, ops whose owner is
// THIS_MODULE (and whose files pin the module: not proc files),
// NETIF_F_LLTX, locks handed to the kernel. SitesOf lists where each entry
// point was made callable: initialiser cells, registration calls, stores.
//
// Assumptions (each can hide a race):
//   - a callback loaded from memory at a registration call
//     (request_irq(irq, ops->handler, ...)) is not resolved: Find adds a
//     warning to Program.Warnings and the entry point is missing;
//   - a function pointer in a struct declared in the driver's own sources
//     is called by the driver only (the kernel cannot know the layout);
//   - repeated registration (one handler on several interrupt lines) is
//     seen through several call sites, calls in loops and driver functions
//     called from several places or loops; a registration repeated by
//     other means counts once;
//   - NETIF_F_LLTX is detected by its name in the driver's sources.
package entry
