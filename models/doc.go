// Package models is whoop's model of the kernel around a driver.
//
// It holds, as data:
//   - the stub kernel headers (include/, embedded) that real drivers parse
//     against unmodified: our own minimal declarations of the kernel API;
//   - the API semantics tables: which functions take and release locks
//     (locks.go), which helpers read or write memory through their arguments
//     or allocate (helpers.go), which calls register entry points or
//     publish the device (register.go);
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
//   - module reference counting: module exit never runs while a file of the
//     driver is open, unless the module is forced out (rule "module-ref");
//   - kernel locks: a callback runs under the locks HeldLocks names for it,
//     because every caller in 4.0 takes them (NoKernelLocks); the transmit
//     lock is not claimed when the driver names NETIF_F_LLTX;
//   - publication: a callback is called only once registered, and not after
//     an unregistration marked Waits (NoPublication);
//   - helpers: functions in helpers.go touch exactly the memory listed, and
//     those marked NoEscape keep no pointer; unknown kernel functions touch
//     no driver memory (not switchable: the alternative reports everything);
//   - entry points: function pointers in the driver's own structs are
//     called only by the driver unless the struct escapes (frontend/entry
//     escape.go; then they are guessed entry points, in ClassEscaped when
//     they reach the kernel only through calls without a publication effect
//     of their own); other files neither call non-static functions nor use
//     non-static globals (static linkage, Program.ExternLinkage).
package models
