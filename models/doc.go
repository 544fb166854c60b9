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
package models
