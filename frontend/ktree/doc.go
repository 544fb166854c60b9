// Package ktree finds the Linux source tree a driver file lives in and the
// configured build that goes with it, and derives the preprocessor
// configuration kbuild would use for that file: the include directories in
// kbuild's order, the forced includes (kconfig.h, compiler_types.h), and the
// per-object defines (__KERNEL__, MODULE or KBUILD_MODFILE, KBUILD_MODNAME).
//
// It receives paths and returns a Layout; it reads a few files to decide
// (the tree's marker files, the build's autoconf.h) and never runs make.
// CONFIG_* values are never guessed: they come from the build's
// include/generated/autoconf.h, which the Layout forces in through kconfig.h
// exactly as kbuild does.
package ktree
