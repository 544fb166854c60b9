package models

import "github.com/whoopverify/whoop/ir"

// addBuiltins adds the memory effects of gcc's atomic and overflow builtins,
// which cc/v4 knows only as implicitly declared functions: without them a
// driver's __sync_fetch_and_add(&d->n, 1) or __builtin_add_overflow(a, b,
// &d->n) would touch nothing. Atomic builtins act on *arg0 atomically; their
// other pointer arguments (expected, value and result buffers) are plain.
// Atomic builtins keep the default escape and result (a pointer exchanged
// through one may be kept or returned).
//
// gcc's __builtin_ forms of the string and memory functions (the kernel's
// fortified string.h calls them) act as the plain functions.
func addBuiltins(m map[string]Helper, add func(Helper, ...string)) {
	for _, name := range []string{"memcpy", "memmove", "memset", "memcmp", "strcpy", "strncpy", "strcat",
		"strncat", "strlen", "strnlen", "strcmp", "strncmp", "sprintf", "snprintf", "vsprintf", "vsnprintf"} {
		if h, ok := m[name]; ok {
			add(h, "__builtin_"+name)
		}
	}

	at := func(arg int, write bool) ArgAccess {
		return ArgAccess{Arg: arg, Write: write, Mode: ir.Atomic, Len: LenPointee}
	}
	plain := func(arg int, write bool) ArgAccess { return ArgAccess{Arg: arg, Write: write, Len: LenPointee} }
	rmw := []ArgAccess{at(0, false), at(0, true)}

	var rmwNames []string
	for _, op := range []string{"add", "sub", "or", "and", "xor", "nand"} {
		rmwNames = append(rmwNames, "__sync_fetch_and_"+op, "__sync_"+op+"_and_fetch",
			"__atomic_fetch_"+op, "__atomic_"+op+"_fetch")
	}
	rmwNames = append(rmwNames, "__sync_bool_compare_and_swap", "__sync_val_compare_and_swap",
		"__sync_lock_test_and_set", "__atomic_exchange_n", "__atomic_test_and_set")
	add(Helper{Accesses: rmw}, rmwNames...)
	add(Helper{Accesses: []ArgAccess{at(0, true)}}, "__sync_lock_release", "__atomic_store_n", "__atomic_clear")
	add(Helper{Accesses: []ArgAccess{at(0, false)}}, "__atomic_load_n")
	add(Helper{Accesses: []ArgAccess{at(0, false), plain(1, true)}}, "__atomic_load")
	add(Helper{Accesses: []ArgAccess{at(0, true), plain(1, false)}}, "__atomic_store")
	add(Helper{Accesses: append(rmw[:2:2], plain(1, false), plain(2, true))}, "__atomic_exchange")
	add(Helper{Accesses: append(rmw[:2:2], plain(1, false), plain(1, true))}, "__atomic_compare_exchange_n")
	add(Helper{Accesses: append(rmw[:2:2], plain(1, false), plain(1, true), plain(2, false))}, "__atomic_compare_exchange")

	// The result of an overflow-checked operation goes to *arg2.
	add(Helper{Accesses: []ArgAccess{plain(2, true)}, Returns: ReturnsScalar, NoEscape: true},
		"__builtin_add_overflow", "__builtin_sub_overflow", "__builtin_mul_overflow")
	add(Helper{Returns: ReturnsScalar, NoEscape: true},
		"__builtin_add_overflow_p", "__builtin_sub_overflow_p", "__builtin_mul_overflow_p",
		"__sync_synchronize", "__atomic_thread_fence", "__atomic_signal_fence")
}
