package models

import "strings"

// Predefined holds the macros a C compiler building a Linux 4.0 module for
// x86_64 would define before the first line of the source. The front end
// feeds it to cc/v4 as the first source, which must be named "<predefined>":
// cc/v4 accepts definitions of __STDC__ and the other protected macros only
// from a source of that name. KBUILD_MODNAME is not here; DefineModName
// supplies it per file.
//
// No CONFIG_* option is defined: code under #ifdef CONFIG_X is skipped unless
// the user passes -D. The headers document the few places where they expand
// as on a kernel with an option set (power management callbacks).
const Predefined = `
/* ISO C: the kernel is compiled as GNU C89 (gnu89), which defines no
   __STDC_VERSION__; hosted, as gcc is on x86_64 without -ffreestanding. */
#define __STDC__ 1
#define __STDC_HOSTED__ 1

/* The compiler: GCC 4.9, the usual compiler for Linux 4.0. Headers and
   drivers test these for attribute support and version workarounds.
   Optimisation is on, as in every kernel build (-O2). */
#define __GNUC__ 4
#define __GNUC_MINOR__ 9
#define __GNUC_PATCHLEVEL__ 2
#define __GNUC_GNU_INLINE__ 1
#define __OPTIMIZE__ 1

/* Memory orders of the __atomic builtins (gcc 4.7 and later). */
#define __ATOMIC_RELAXED 0
#define __ATOMIC_CONSUME 1
#define __ATOMIC_ACQUIRE 2
#define __ATOMIC_RELEASE 3
#define __ATOMIC_ACQ_REL 4
#define __ATOMIC_SEQ_CST 5

/* The target: x86_64 GNU/Linux, ELF, LP64, little-endian. Drivers select
   architecture-specific code with these. */
#define __x86_64__ 1
#define __x86_64 1
#define __amd64__ 1
#define __amd64 1
#define __linux__ 1
#define __linux 1
#define __gnu_linux__ 1
#define __unix__ 1
#define __unix 1
#define __ELF__ 1
#define __LP64__ 1
#define _LP64 1
#define __ORDER_LITTLE_ENDIAN__ 1234
#define __ORDER_BIG_ENDIAN__ 4321
#define __ORDER_PDP_ENDIAN__ 3412
#define __BYTE_ORDER__ __ORDER_LITTLE_ENDIAN__
#define __FLOAT_WORD_ORDER__ __ORDER_LITTLE_ENDIAN__

/* Sizes of the basic types under the LP64 ABI. Must agree with
   cc.NewABI("linux", "amd64"). */
#define __CHAR_BIT__ 8
#define __SIZEOF_SHORT__ 2
#define __SIZEOF_INT__ 4
#define __SIZEOF_LONG__ 8
#define __SIZEOF_LONG_LONG__ 8
#define __SIZEOF_POINTER__ 8
#define __SIZEOF_FLOAT__ 4
#define __SIZEOF_DOUBLE__ 8
#define __SIZEOF_LONG_DOUBLE__ 16
#define __SIZEOF_SIZE_T__ 8
#define __SIZEOF_WCHAR_T__ 4
#define __SIZEOF_WINT_T__ 4
#define __SIZEOF_PTRDIFF_T__ 8
#define __SIZEOF_INT128__ 16
#define __BIGGEST_ALIGNMENT__ 16

/* The types behind size_t and friends: cc.Builtin typedefs
   __predefined_size_t from __SIZE_TYPE__, and the kernel's own typedefs
   must name the same types. */
#define __SIZE_TYPE__ long unsigned int
#define __PTRDIFF_TYPE__ long int
#define __WCHAR_TYPE__ int
#define __WINT_TYPE__ unsigned int
#define __INTMAX_TYPE__ long int
#define __UINTMAX_TYPE__ long unsigned int
#define __CHAR16_TYPE__ short unsigned int
#define __CHAR32_TYPE__ unsigned int
#define __INT8_TYPE__ signed char
#define __INT16_TYPE__ short int
#define __INT32_TYPE__ int
#define __INT64_TYPE__ long int
#define __UINT8_TYPE__ unsigned char
#define __UINT16_TYPE__ short unsigned int
#define __UINT32_TYPE__ unsigned int
#define __UINT64_TYPE__ long unsigned int
#define __INTPTR_TYPE__ long int
#define __UINTPTR_TYPE__ long unsigned int

/* Limits of those types, for code that computes with them in #if. */
#define __SCHAR_MAX__ 0x7f
#define __SHRT_MAX__ 0x7fff
#define __INT_MAX__ 0x7fffffff
#define __LONG_MAX__ 0x7fffffffffffffffL
#define __LONG_LONG_MAX__ 0x7fffffffffffffffLL
#define __WCHAR_MAX__ 0x7fffffff
#define __WCHAR_MIN__ (-__WCHAR_MAX__ - 1)
#define __INTMAX_MAX__ 0x7fffffffffffffffL
#define __UINTMAX_MAX__ 0xffffffffffffffffUL
#define __SIZE_MAX__ 0xffffffffffffffffUL
#define __PTRDIFF_MAX__ 0x7fffffffffffffffL

/* Kbuild compiles every object with __KERNEL__ and, for a loadable
   module, MODULE: headers hide their kernel-only parts without the first,
   drivers choose between built-in and module code with the second. */
#define __KERNEL__ 1
#define MODULE 1
`

// DefineModName returns the lines kbuild passes with -D for an object named
// name (the file name without directory and extension): KBUILD_MODNAME, which
// pr_fmt and friends expand, and KBUILD_BASENAME. Like kbuild's name-fix,
// characters that cannot appear in a C identifier become '_', which also
// keeps the string literal well-formed whatever the file name is.
func DefineModName(name string) string {
	fixed := strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '_':
			return r
		}
		return '_'
	}, name)
	return "#define KBUILD_MODNAME \"" + fixed + "\"\n#define KBUILD_BASENAME \"" + fixed + "\"\n"
}
