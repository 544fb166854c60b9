// Package entry finds a driver's entry points in its IR: the functions the
// kernel calls, from ops-struct initialisers, module_init/module_exit and
// run-time registrations, each with its role and how the kernel makes its
// arguments (models' entry-point tables).
package entry
