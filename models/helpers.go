package models

import (
	"strings"

	"github.com/whoopverify/whoop/ir"
)

// LenKind says how many bytes a helper touches through a pointer argument.
type LenKind uint8

const (
	LenArg     LenKind = iota // the value of argument LenArg
	LenPointee                // the size of the argument's static pointee type at the call
	LenConst                  // exactly Const bytes
	LenUnknown                // an unknown number of bytes from the pointer (strings, bitmaps, freed objects)
)

// ArgAccess is one memory effect of a helper on driver memory, through
// pointer argument Arg.
type ArgAccess struct {
	Arg    int
	Write  bool // false: read
	Mode   ir.AccessMode
	Len    LenKind
	LenArg int   // for LenArg
	Const  int64 // for LenConst
	// Frees: the argument is the start of an allocation the call frees
	// whole (kfree's argument 0, devm_kfree's argument 1): ir.Access.Free.
	Frees bool
}

// Returned says what a helper's pointer result points to.
type Returned uint8

const (
	ReturnsExternal Returned = iota // kernel memory of the result's static type (the default for unknown functions)
	ReturnsFresh                    // a new allocation, private to the caller until it is stored somewhere shared
	ReturnsArg                      // argument RetArg (strcpy returns its destination)
	ReturnsScalar                   // not a pointer
	// ReturnsCurrent: the calling thread's own task_struct (get_current,
	// behind the current macro), one object per thread (the region
	// analysis's current-per-thread assumption).
	ReturnsCurrent
)

// Helper is what a kernel function does to driver memory and pointers.
// Functions absent from the table are unknown externals: they return an
// arbitrary value, touch no driver memory, and every pointer passed to them
// escapes (the kernel may keep it).
type Helper struct {
	Name     string
	Accesses []ArgAccess
	Returns  Returned
	RetArg   int
	// Copy names (dst, src) when the helper copies the contents of *src into
	// *dst, so pointers stored in the source may now be in the destination.
	Copy *[2]int
	// NoEscape: the helper neither keeps nor returns its pointer arguments
	// (apart from RetArg), so passing a private object does not publish it.
	NoEscape bool
	NoReturn bool
	// Format says how the variadic arguments after the format string at
	// argument FormatArg are used (NoFormat: not at all).
	Format    FormatKind
	FormatArg int
	// FreshOut: the call may store the address of a new allocation,
	// private to the caller, into a pointer member of the struct an
	// argument points to (acpi_evaluate_object's return buffer).
	FreshOut *FreshOut
	// Under names a lock of the kernel's own that the helper holds around
	// every access of Accesses (fasync_helper: FasyncLock), as HeldLocks
	// names those of callbacks; lockset's helper-locks assumption.
	Under string
}

// FreshOut names the pointer member Field of the struct argument Arg
// points to. The allocation is one block whose pointers point into itself
// (an ACPI result: the package, its elements and their strings and
// buffers copied into one buffer).
type FreshOut struct {
	Arg    int
	Struct string // the struct's tag
	Field  string
}

// FreshOutMember reports whether member field of struct tag is where a
// helper stores a new allocation (Helper.FreshOut): an in-out buffer
// descriptor the caller fills, not a slot where the kernel keeps the
// driver's pointers for it.
func FreshOutMember(tag, field string) bool {
	return freshOutMembers[tag+"."+field]
}

var freshOutMembers = func() map[string]bool {
	m := make(map[string]bool)
	for _, h := range helperTable {
		if h.FreshOut != nil {
			m[h.FreshOut.Struct+"."+h.FreshOut.Field] = true
		}
	}
	return m
}()

// FormatKind says what a helper with a format string does with the
// pointers among its variadic arguments.
type FormatKind uint8

const (
	NoFormat FormatKind = iota
	// PrintfFormat: a %s conversion reads the string its argument points
	// to, a %p with an extension (%pM, %pI4, %ph, ...) reads the object;
	// a plain %p and the numeric conversions read nothing.
	PrintfFormat
	// ScanfFormat: every conversion not suppressed with * writes through
	// its argument (%s, %c and %[ an unknown length, the others the
	// pointee).
	ScanfFormat
)

// HelperFor returns the memory semantics of the kernel function name.
func HelperFor(name string) (Helper, bool) {
	h, ok := helperTable[name]
	if !ok {
		h, ok = helperTable[strings.TrimSuffix(name, noprofSuffix)]
	}
	return h, ok
}

// KeepsNoPointer reports whether kernel function name neither keeps nor
// hands on the pointers it receives: a NoEscape helper, or a locking
// function (the kernel keeps a lock's address for no one but the lockset).
func KeepsNoPointer(name string) bool {
	h, known := HelperFor(name)
	_, isLock := Lock(name)
	return (known && h.NoEscape) || isLock
}

// Describes reports whether one of the tables says what kernel function
// name does (a helper, locking, registration or synchronous-callback row).
// Without the kernel-calls assumption, a function none describes may read
// and write what its pointer arguments point to.
func Describes(name string) bool {
	_, helper := HelperFor(name)
	_, lock := Lock(name)
	_, reg := Registration(name)
	_, sync := SyncCallbackFor(name)
	return helper || lock || reg || sync
}

// noprofSuffix: with CONFIG_MEM_ALLOC_PROFILING (Linux 6.10 on), the
// allocators are macros, kmalloc(...) = alloc_hooks(kmalloc_noprof(...)),
// and the function called is the _noprof one, with the same semantics.
const noprofSuffix = "_noprof"

// HelperNames returns every function name in the helper table, sorted.
func HelperNames() []string { return sortedKeys(helperTable) }

var helperTable = func() map[string]Helper {
	m := make(map[string]Helper)
	add := func(h Helper, names ...string) {
		for _, n := range names {
			h.Name = n
			m[n] = h
		}
	}
	rd := func(arg int, l LenKind, n int) ArgAccess { return ArgAccess{Arg: arg, Len: l, LenArg: n} }
	wr := func(arg int, l LenKind, n int) ArgAccess { return ArgAccess{Arg: arg, Write: true, Len: l, LenArg: n} }
	copyOf := func(dst, src int) *[2]int { return &[2]int{dst, src} }

	// Block copies (linux/string.h).
	add(Helper{Accesses: []ArgAccess{wr(0, LenArg, 2), rd(1, LenArg, 2)}, Copy: copyOf(0, 1),
		Returns: ReturnsArg, RetArg: 0, NoEscape: true}, "memcpy", "memmove", "__builtin_memcpy", "__memcpy")
	add(Helper{Accesses: []ArgAccess{wr(0, LenArg, 2)}, Returns: ReturnsArg, RetArg: 0, NoEscape: true},
		"memset", "__builtin_memset")
	add(Helper{Accesses: []ArgAccess{rd(0, LenArg, 2), rd(1, LenArg, 2)}, Returns: ReturnsScalar, NoEscape: true},
		"memcmp", "__builtin_memcmp")

	// Strings.
	add(Helper{Accesses: []ArgAccess{wr(0, LenUnknown, 0), rd(1, LenUnknown, 0)}, Returns: ReturnsArg, NoEscape: true},
		"strcpy", "strcat")
	add(Helper{Accesses: []ArgAccess{wr(0, LenArg, 2), rd(1, LenUnknown, 0)}, Returns: ReturnsArg, NoEscape: true},
		"strncpy", "strncat")
	add(Helper{Accesses: []ArgAccess{wr(0, LenArg, 2), rd(1, LenUnknown, 0)}, Returns: ReturnsScalar, NoEscape: true},
		"strlcpy", "strlcat", "strscpy",
		// 6.12: strscpy() is a macro over sized_strscpy(), which
		// fortify-string.h defines inline over __real_strscpy (asm label
		// sized_strscpy); strlcat and strnlen have __real_ twins too.
		"sized_strscpy", "__real_strscpy", "__real_strlcat")
	// Searches (lib/string.c): read the string or buffer, return a
	// pointer into it (or NULL) or a count.
	add(Helper{Accesses: []ArgAccess{rd(0, LenUnknown, 0)}, Returns: ReturnsArg, RetArg: 0, NoEscape: true},
		"strchr", "strrchr", "strnchr", "strchrnul", "skip_spaces")
	add(Helper{Accesses: []ArgAccess{rd(0, LenUnknown, 0), rd(1, LenUnknown, 0)}, Returns: ReturnsArg, RetArg: 0, NoEscape: true},
		"strstr", "strnstr", "strpbrk")
	add(Helper{Accesses: []ArgAccess{rd(0, LenArg, 2)}, Returns: ReturnsArg, RetArg: 0, NoEscape: true},
		"memchr", "__builtin_memchr", "memchr_inv", "__real_memchr_inv", "memscan", "__real_memscan")
	add(Helper{Accesses: []ArgAccess{rd(0, LenUnknown, 0), rd(1, LenUnknown, 0)}, Returns: ReturnsScalar, NoEscape: true},
		"strspn", "strcspn", "sysfs_streq")
	// In place: strim() writes the NUL after the last non-space and
	// returns a pointer into the string; strreplace() rewrites it.
	add(Helper{Accesses: []ArgAccess{rd(0, LenUnknown, 0), wr(0, LenUnknown, 0)}, Returns: ReturnsArg, RetArg: 0, NoEscape: true},
		"strim", "strreplace")
	add(Helper{Accesses: []ArgAccess{wr(0, LenArg, 1)}, Returns: ReturnsScalar, NoEscape: true}, "memzero_explicit")
	add(Helper{Accesses: []ArgAccess{rd(0, LenUnknown, 0)}, Returns: ReturnsScalar, NoEscape: true},
		"strlen", "strnlen", "__real_strnlen", "simple_strtoul", "simple_strtol", "simple_strtoull", "simple_strtoll")
	// lib/kstrtox.c: parse the string, store the number through the
	// result pointer (the last argument).
	add(Helper{Accesses: []ArgAccess{rd(0, LenUnknown, 0), wr(2, LenPointee, 0)}, Returns: ReturnsScalar, NoEscape: true},
		"kstrtoul", "kstrtol", "kstrtouint", "kstrtoint", "kstrtoull", "kstrtoll", "_kstrtoul", "_kstrtol",
		"kstrtou64", "kstrtos64", "kstrtou32", "kstrtos32", "kstrtou16", "kstrtos16", "kstrtou8", "kstrtos8")
	add(Helper{Accesses: []ArgAccess{rd(0, LenUnknown, 0), wr(1, LenPointee, 0)}, Returns: ReturnsScalar, NoEscape: true},
		"kstrtobool")
	// The _from_user forms read a user buffer (not driver memory).
	add(Helper{Accesses: []ArgAccess{wr(3, LenPointee, 0)}, Returns: ReturnsScalar, NoEscape: true},
		"kstrtoul_from_user", "kstrtol_from_user", "kstrtouint_from_user", "kstrtoint_from_user",
		"kstrtoull_from_user", "kstrtoll_from_user", "kstrtou64_from_user", "kstrtos64_from_user",
		"kstrtou32_from_user", "kstrtos32_from_user", "kstrtou16_from_user", "kstrtos16_from_user",
		"kstrtou8_from_user", "kstrtos8_from_user")
	add(Helper{Accesses: []ArgAccess{wr(2, LenPointee, 0)}, Returns: ReturnsScalar, NoEscape: true},
		"kstrtobool_from_user")
	add(Helper{Accesses: []ArgAccess{rd(0, LenUnknown, 0), rd(1, LenUnknown, 0)}, Returns: ReturnsScalar, NoEscape: true},
		"strcmp", "strncmp", "strcasecmp", "strncasecmp")
	// Formatted output and input read (write) what their conversions
	// name among the variadic arguments (Format). The va_list forms cannot
	// be followed: what the list points to is the caller's business.
	printf := func(fmtArg int, acc ...ArgAccess) Helper {
		return Helper{Accesses: acc, Returns: ReturnsScalar, NoEscape: true, Format: PrintfFormat, FormatArg: fmtArg}
	}
	add(printf(1, wr(0, LenUnknown, 0), rd(1, LenUnknown, 0)), "sprintf")
	add(Helper{Accesses: []ArgAccess{wr(0, LenUnknown, 0), rd(1, LenUnknown, 0)}, Returns: ReturnsScalar, NoEscape: true},
		"vsprintf")
	add(printf(2, wr(0, LenArg, 1), rd(2, LenUnknown, 0)), "snprintf", "scnprintf")
	add(Helper{Accesses: []ArgAccess{wr(0, LenArg, 1), rd(2, LenUnknown, 0)}, Returns: ReturnsScalar, NoEscape: true},
		"vsnprintf", "vscnprintf")
	// fs/seq_file.c: the text goes to the seq_file's buffer (kernel memory).
	add(printf(1), "seq_printf")
	// fs/sysfs/file.c: a show callback's text goes to the page the sysfs
	// core hands that call (kernel memory of its own, not the driver's).
	add(printf(1), "sysfs_emit")
	add(printf(2), "sysfs_emit_at")
	add(Helper{Accesses: []ArgAccess{rd(1, LenUnknown, 0)}, Returns: ReturnsScalar, NoEscape: true}, "seq_puts")
	// Formatted allocations: a new string.
	kasprintf := printf(1)
	kasprintf.Returns = ReturnsFresh
	add(kasprintf, "kasprintf")
	kasprintf.FormatArg = 2
	add(kasprintf, "devm_kasprintf")
	scanf := Helper{Accesses: []ArgAccess{rd(0, LenUnknown, 0), rd(1, LenUnknown, 0)}, Returns: ReturnsScalar,
		NoEscape: true, Format: ScanfFormat, FormatArg: 1}
	add(scanf, "sscanf")

	// User copies: only the kernel side is driver memory.
	add(Helper{Accesses: []ArgAccess{rd(1, LenArg, 2)}, Returns: ReturnsScalar, NoEscape: true},
		"copy_to_user", "__copy_to_user", "copy_to_user_fromio")
	add(Helper{Accesses: []ArgAccess{wr(0, LenArg, 2)}, Returns: ReturnsScalar, NoEscape: true},
		"copy_from_user", "__copy_from_user")
	add(Helper{Accesses: []ArgAccess{wr(0, LenArg, 2)}, Returns: ReturnsScalar, NoEscape: true}, "memcpy_fromio")
	add(Helper{Accesses: []ArgAccess{rd(1, LenArg, 2)}, Returns: ReturnsScalar, NoEscape: true}, "memcpy_toio")

	// Allocation. Freeing writes the object (a use-after-free and a
	// concurrent access are both conflicts).
	add(Helper{Returns: ReturnsFresh, NoEscape: true}, "kmalloc", "kzalloc", "kcalloc", "kmalloc_array",
		"vmalloc", "vzalloc", "devm_kzalloc", "devm_kmalloc", "kmem_cache_alloc", "kmem_cache_zalloc",
		"dma_alloc_coherent", "dma_zalloc_coherent", "pci_alloc_consistent", "__get_free_page",
		"__get_free_pages", "get_zeroed_page", "kvmalloc", "kvzalloc", "kvcalloc", "kvmalloc_array",
		"kmalloc_node", "kzalloc_node", "devm_kcalloc", "devm_kmalloc_array",
		// mm/util.c: a new buffer filled from user memory (not driver memory).
		"memdup_user", "vmemdup_user", "memdup_user_nul")
	// Generic irq chips: kernel/irq/devres.c devm_irq_alloc_generic_chip
	// (devm_kzalloc, then irq_init_generic_chip) and kernel/irq/
	// generic-chip.c irq_alloc_generic_chip (kzalloc, the same) return
	// memory no live pointer names; the chip keeps name and reg_base,
	// so the arguments may escape.
	add(Helper{Returns: ReturnsFresh}, "devm_irq_alloc_generic_chip", "irq_alloc_generic_chip")
	// devres_alloc (drivers/base/devres.c, __devres_alloc_node behind the
	// 6.12 macro): the data area of a new struct devres, the caller's own
	// until devres_add links it into the device's list. The kernel keeps
	// the release function (it calls it back at detach with the data), so
	// the row lets its arguments escape and the entry-point pass still
	// takes the function for an entry point.
	add(Helper{Returns: ReturnsFresh}, "__devres_alloc_node", "devres_alloc", "devres_alloc_node")
	// Duplicates read their source (driver memory) into a new buffer.
	add(Helper{Accesses: []ArgAccess{rd(0, LenArg, 1)}, Returns: ReturnsFresh, NoEscape: true}, "kmemdup")
	add(Helper{Accesses: []ArgAccess{rd(1, LenArg, 2)}, Returns: ReturnsFresh, NoEscape: true}, "devm_kmemdup")
	add(Helper{Accesses: []ArgAccess{rd(0, LenUnknown, 0)}, Returns: ReturnsFresh, NoEscape: true}, "kstrdup", "kstrndup", "kstrdup_const")
	add(Helper{Accesses: []ArgAccess{rd(0, LenArg, 1)}, Returns: ReturnsFresh, NoEscape: true}, "kmemdup_nul")
	add(Helper{Accesses: []ArgAccess{rd(1, LenUnknown, 0)}, Returns: ReturnsFresh, NoEscape: true}, "devm_kstrdup")
	freeArg := func(arg int) ArgAccess {
		a := wr(arg, LenUnknown, 0)
		a.Frees = true
		return a
	}
	add(Helper{Accesses: []ArgAccess{freeArg(0)}, Returns: ReturnsScalar, NoEscape: true},
		"kfree", "vfree", "kzfree", "kvfree", "kfree_sensitive")
	add(Helper{Accesses: []ArgAccess{wr(0, LenUnknown, 0)}, Returns: ReturnsScalar, NoEscape: true},
		"free_page", "free_pages")
	// devm_kfree(dev, p) (drivers/base/devres.c) frees p, the start of a
	// devm_kmalloc block (devres_destroy finds it by devm_kmalloc_match,
	// WARN_ON otherwise; rodata from devm_kstrdup_const is left alone).
	// The device's devres list changes under dev->devres_lock inside the
	// kernel: no access of the driver's. The row wrote argument 0, the
	// whole struct device, and not the block it frees.
	add(Helper{Accesses: []ArgAccess{freeArg(1)}, Returns: ReturnsScalar, NoEscape: true}, "devm_kfree")

	// Synchronous USB messages (drivers/usb/core/message.c): the buffer
	// goes into an URB (usb_fill_control_urb, usb_fill_bulk_urb) that
	// usb_start_wait_urb submits and waits for, killing it on a timeout
	// (usb_kill_urb waits for the giveback), then frees: no pointer to the
	// buffer is left when the call returns. The device reads (OUT) or
	// writes (IN) the buffer's size bytes; the direction is in a run-time
	// argument, so the row has both. actual_length is written.
	// usb_control_msg_send/_recv copy through a kmemdup'd buffer of their
	// own: send reads data, recv writes it.
	add(Helper{Accesses: []ArgAccess{rd(6, LenArg, 7), wr(6, LenArg, 7)}, Returns: ReturnsScalar, NoEscape: true},
		"usb_control_msg")
	add(Helper{Accesses: []ArgAccess{rd(2, LenArg, 3), wr(2, LenArg, 3), wr(4, LenPointee, 0)},
		Returns: ReturnsScalar, NoEscape: true},
		"usb_bulk_msg", "usb_bulk_msg_killable", "usb_interrupt_msg")
	add(Helper{Accesses: []ArgAccess{rd(6, LenArg, 7)}, Returns: ReturnsScalar, NoEscape: true}, "usb_control_msg_send")
	add(Helper{Accesses: []ArgAccess{wr(6, LenArg, 7)}, Returns: ReturnsScalar, NoEscape: true}, "usb_control_msg_recv")
	// USB DMA buffers (drivers/usb/core/usb.c, buffer.c): usb_alloc_coherent
	// returns hcd_buffer_alloc's new block (a dma_pool, kmalloc or
	// dma_alloc_coherent allocation no live pointer names) and writes its
	// bus address to *dma; usb_free_coherent frees its argument 2, the
	// start of such a block (hcd_buffer_free). Without rows the block was
	// kernel memory of its static type: every driver buffer of one type
	// (cm109's irq_data and ctl_data) was one object.
	add(Helper{Accesses: []ArgAccess{wr(3, LenPointee, 0)}, Returns: ReturnsFresh, NoEscape: true},
		"usb_alloc_coherent")
	add(Helper{Accesses: []ArgAccess{freeArg(2)}, Returns: ReturnsScalar, NoEscape: true}, "usb_free_coherent")
	// drivers/parport/ieee1284.c: parport_write and parport_read move len
	// bytes between the buffer and the port through the port's
	// synchronous transfer ops (opsKeepNoPointer) before they return.
	add(Helper{Accesses: []ArgAccess{rd(1, LenArg, 2)}, Returns: ReturnsScalar, NoEscape: true}, "parport_write")
	add(Helper{Accesses: []ArgAccess{wr(1, LenArg, 2)}, Returns: ReturnsScalar, NoEscape: true}, "parport_read")

	// Atomic operations act on v->counter (offset 0) atomically.
	atomicRead := ArgAccess{Arg: 0, Mode: ir.Atomic, Len: LenPointee}
	atomicWrite := ArgAccess{Arg: 0, Write: true, Mode: ir.Atomic, Len: LenPointee}
	add(Helper{Accesses: []ArgAccess{atomicRead}, Returns: ReturnsScalar, NoEscape: true},
		"atomic_read", "atomic64_read", "atomic_long_read")
	add(Helper{Accesses: []ArgAccess{atomicWrite}, Returns: ReturnsScalar, NoEscape: true},
		"atomic_set", "atomic64_set", "atomic_long_set")
	add(Helper{Accesses: []ArgAccess{atomicRead, atomicWrite}, Returns: ReturnsScalar, NoEscape: true},
		"atomic_inc", "atomic_dec", "atomic_inc_return", "atomic_dec_return", "atomic_dec_and_test",
		"atomic_inc_and_test", "atomic_inc_not_zero", "atomic_xchg", "atomic_cmpxchg",
		"atomic64_inc", "atomic64_dec", "atomic64_inc_return", "atomic64_dec_return",
		"atomic_long_inc", "atomic_long_dec", "atomic_long_inc_return", "atomic_long_dec_return")
	// Operations whose atomic_t is the second argument.
	atomicRead1 := ArgAccess{Arg: 1, Mode: ir.Atomic, Len: LenPointee}
	atomicWrite1 := ArgAccess{Arg: 1, Write: true, Mode: ir.Atomic, Len: LenPointee}
	add(Helper{Accesses: []ArgAccess{atomicRead1, atomicWrite1}, Returns: ReturnsScalar, NoEscape: true},
		"atomic_add", "atomic_sub", "atomic_add_return", "atomic_sub_return", "atomic_sub_and_test",
		"atomic_add_negative", "atomic64_add", "atomic64_sub", "atomic64_add_return", "atomic64_sub_return",
		"atomic_long_add", "atomic_long_sub", "atomic_set_mask", "atomic_clear_mask")
	// atomic_dec_and_lock(atomic, lock): the decrement is atomic.
	add(Helper{Accesses: []ArgAccess{{Arg: 0, Mode: ir.Atomic, Len: LenPointee},
		{Arg: 0, Write: true, Mode: ir.Atomic, Len: LenPointee}}, Returns: ReturnsScalar, NoEscape: true},
		"atomic_dec_and_lock", "_atomic_dec_and_lock")

	// Bit operations act on the bitmap at argument 1. The atomic forms are
	// marked for the memory model; the __ forms are plain read-modify-writes.
	bitRead := ArgAccess{Arg: 1, Mode: ir.Atomic, Len: LenUnknown}
	bitWrite := ArgAccess{Arg: 1, Write: true, Mode: ir.Atomic, Len: LenUnknown}
	add(Helper{Accesses: []ArgAccess{bitRead}, Returns: ReturnsScalar, NoEscape: true}, "test_bit")
	add(Helper{Accesses: []ArgAccess{bitRead, bitWrite}, Returns: ReturnsScalar, NoEscape: true},
		"set_bit", "clear_bit", "change_bit", "test_and_set_bit", "test_and_clear_bit",
		"test_and_change_bit", "clear_bit_unlock", "test_and_set_bit_lock")
	plainBitRead := ArgAccess{Arg: 1, Len: LenUnknown}
	plainBitWrite := ArgAccess{Arg: 1, Write: true, Len: LenUnknown}
	add(Helper{Accesses: []ArgAccess{plainBitRead, plainBitWrite}, Returns: ReturnsScalar, NoEscape: true},
		"__set_bit", "__clear_bit", "__change_bit", "__test_and_set_bit", "__test_and_clear_bit")
	// Their 6.12 names: test_bit(nr, addr) and __set_bit(nr, addr) are
	// macros (include/linux/bitops.h, bitop()) calling the instrumented
	// wrappers of include/asm-generic/bitops/instrumented-non-atomic.h,
	// whose x86 bodies read the bitmap in inline assembly. KCSAN
	// instruments _test_bit as an atomic read (instrument_atomic_read) and
	// the ___ forms as plain writes (instrument_write); const_test_bit and
	// generic___* are what bitop() picks for a constant bitmap.
	add(Helper{Accesses: []ArgAccess{bitRead}, Returns: ReturnsScalar, NoEscape: true},
		"_test_bit", "_test_bit_acquire", "test_bit_acquire", "const_test_bit", "const_test_bit_acquire")
	add(Helper{Accesses: []ArgAccess{bitRead, bitWrite}, Returns: ReturnsScalar, NoEscape: true},
		"xor_unlock_is_negative_byte")
	add(Helper{Accesses: []ArgAccess{plainBitRead, plainBitWrite}, Returns: ReturnsScalar, NoEscape: true},
		"___set_bit", "___clear_bit", "___change_bit", "___test_and_set_bit", "___test_and_clear_bit",
		"___test_and_change_bit", "__test_and_change_bit", "__clear_bit_unlock",
		"generic___set_bit", "generic___clear_bit", "generic___change_bit", "generic___test_and_set_bit",
		"generic___test_and_clear_bit", "generic___test_and_change_bit")

	// Logging reads what its conversions name: a %s argument's string, a
	// %pM's address, ... (Format); the other arguments by value. The
	// kernel's own objects they name (a struct device) are not driver
	// memory the lockset tracks apart from that.
	add(printf(0), "printk", "_printk", "panic", "__warn_printk")
	add(printf(1), "__dynamic_pr_debug",
		"_dev_info", "dev_err", "dev_warn", "dev_notice", "dev_info", "dev_dbg", "dev_crit", "dev_alert",
		"dev_emerg", "_dev_err", "_dev_warn", "_dev_notice", "_dev_crit", "_dev_alert", "_dev_emerg",
		"netdev_err", "netdev_warn", "netdev_info", "netdev_notice",
		"netdev_dbg", "netdev_crit", "netdev_alert", "netdev_emerg")
	add(printf(2), "dev_printk", "_dev_printk", "netdev_printk", "__dynamic_dev_dbg", "__dynamic_netdev_dbg",
		"dev_err_probe")
	// ACPI's logging (6.12 drivers/acpi/utils.c: acpi_handle_printk(level,
	// handle, fmt, ...) and the dynamic-debug __acpi_handle_debug(
	// descriptor, handle, fmt, ...) print the handle's path and vprintk
	// the rest).
	add(printf(2), "acpi_handle_printk", "__acpi_handle_debug")
	add(Helper{Returns: ReturnsScalar, NoEscape: true}, "vprintk")

	// List debugging (CONFIG_DEBUG_LIST, 6.12 lib/list_debug.c): the
	// inline list_add and list_del call these checks with the list heads
	// they link or unlink; they compare the neighbours' links with the
	// entry, report a corruption and return a bool, keeping no pointer.
	// Their reads are of the cells the inline code then writes, under
	// the same locks, so they are left out: a race on such a read is
	// reported on that write. Without the rows every list head a driver
	// links escaped as struct list_head * and its container joined the
	// one canonical list_head at the head's offset (issue 47, cause 2).
	add(Helper{Returns: ReturnsScalar, NoEscape: true},
		"__list_add_valid_or_report", "__list_del_entry_valid_or_report")

	// Initialising and using synchronisation objects: the kernel does not
	// hand these pointers back to the driver (the locking table itself is
	// in locks.go; lock state is the lockset's business, not memory). Wait
	// queue entries sit in a queue only while their owner sleeps, and only
	// kernel code (the waker) touches them there, unless the entry's func
	// is the driver's: the region analysis then publishes the entry's
	// object itself (frontend/regions: an object holding a driver
	// function escapes).
	add(Helper{Returns: ReturnsScalar, NoEscape: true},
		"mutex_init", "__mutex_init", "spin_lock_init", "__spin_lock_init", "raw_spin_lock_init",
		"rwlock_init", "__rwlock_init", "sema_init", "init_rwsem", "__init_rwsem",
		"init_waitqueue_head", "__init_waitqueue_head", "__wake_up", "__wake_up_sync", "wake_up_process",
		"prepare_to_wait", "prepare_to_wait_exclusive", "prepare_to_wait_event", "finish_wait",
		"add_wait_queue", "add_wait_queue_exclusive", "remove_wait_queue", "poll_wait")

	// Completions (kernel/sched/completion.c): complete, complete_all and
	// the waits update x->done (the first member, an unsigned int) holding
	// x->wait.lock, which no driver takes: as marked accesses they never
	// race with each other. reinit_completion (completion.h) stores
	// x->done = 0 without that lock and init_completion rewrites the whole
	// object, so either races with a complete or a wait another thread
	// can run: the bug corsair-cpro fixed by taking a lock of its own
	// around reinit_completion and complete_all (recall/cases.json).
	done := func(write bool, mode ir.AccessMode) ArgAccess {
		return ArgAccess{Arg: 0, Write: write, Mode: mode, Len: LenConst, Const: 4}
	}
	add(Helper{Accesses: []ArgAccess{{Arg: 0, Write: true, Len: LenPointee}}, Returns: ReturnsScalar, NoEscape: true},
		"init_completion")
	// device_initialize (drivers/base/core.c) sets up the struct device:
	// kobject_init, its lists, mutex and lock, device_pm_init; it stores
	// only pointers into the device itself (list heads) or to kernel data
	// (the ktype), and hands the device to no one: its one reference, the
	// kobject's first, stays the caller's.
	add(Helper{Accesses: []ArgAccess{{Arg: 0, Write: true, Len: LenPointee}}, Returns: ReturnsScalar, NoEscape: true},
		"device_initialize")
	add(Helper{Accesses: []ArgAccess{done(true, ir.Plain)}, Returns: ReturnsScalar, NoEscape: true},
		"reinit_completion")
	add(Helper{Accesses: []ArgAccess{done(false, ir.Atomic), done(true, ir.Atomic)}, Returns: ReturnsScalar, NoEscape: true},
		"complete", "complete_all", "wait_for_completion", "wait_for_completion_io",
		"wait_for_completion_interruptible", "wait_for_completion_killable", "wait_for_completion_timeout",
		"wait_for_completion_io_timeout", "wait_for_completion_interruptible_timeout",
		"wait_for_completion_killable_timeout", "try_wait_for_completion")
	add(Helper{Accesses: []ArgAccess{done(false, ir.Atomic)}, Returns: ReturnsScalar, NoEscape: true},
		"completion_done")
	// The running task (asm/current.h): x86's get_current reads the CPU's
	// pcpu_hot.current_task, which the scheduler switches to the next
	// task's in __switch_to (arch/x86/kernel/process_64.c). Two threads
	// running at once are two tasks, so the result is the caller's own.
	add(Helper{Returns: ReturnsCurrent, NoEscape: true}, "get_current")

	// ACPI evaluation (6.12 drivers/acpi/acpica/nsxfeval.c): with
	// return_buffer->length == ACPI_ALLOCATE_BUFFER, acpi_evaluate_object
	// allocates the result (acpi_ut_initialize_buffer, ACPI_ALLOCATE_ZEROED)
	// and stores it in return_buffer->pointer, for the caller to kfree;
	// acpi_ut_copy_iobject_to_eobject puts a package's elements and their
	// strings and buffers in that one block. The parameters are copied
	// into the interpreter's own objects and kept by no one. Its reads of
	// them and its write of the return buffer's length and pointer are
	// not listed, as for an unknown function (kernel-calls): a listed
	// access is emitted even for a NULL argument (acpi_evaluate_object(h,
	// NULL, NULL, NULL) in gpiolib-acpi's interrupt handler), which
	// would be a write to absolute memory.
	acpiEval := Helper{Returns: ReturnsScalar, NoEscape: true,
		FreshOut: &FreshOut{Arg: 3, Struct: "acpi_buffer", Field: "pointer"}}
	add(acpiEval, "acpi_evaluate_object", "acpi_evaluate_object_typed")

	// Stopping timers and work: the kernel forgets the object.
	add(Helper{Returns: ReturnsScalar, NoEscape: true}, "del_timer", "del_timer_sync",
		"try_to_del_timer_sync", "cancel_work_sync", "cancel_delayed_work", "cancel_delayed_work_sync",
		"flush_work", "flush_delayed_work", "timer_pending")

	// Error pointers (linux/err.h): PTR_ERR is defined on an error pointer
	// (IS_ERR), whose value is an errno in [-MAX_ERRNO, -1] that points to
	// no object, and its result is that number. Lowered as the cast it is,
	// it carried the pointer into the integer: fs3270's rc = PTR_ERR(rq)
	// beside rc = count made every size the driver counts point to its
	// struct raw3270_request, and the structs holding sizes collapsed.
	add(Helper{Returns: ReturnsScalar, NoEscape: true}, "PTR_ERR")

	// User-space access checks and the put_user model: the pointer is a
	// user address, not driver memory.
	add(Helper{Returns: ReturnsScalar, NoEscape: true}, "access_ok", "__whoop_put_user")

	// PCI configuration space: reads fill the caller's variable.
	add(Helper{Accesses: []ArgAccess{{Arg: 2, Write: true, Len: LenPointee}}, Returns: ReturnsScalar, NoEscape: true},
		"pci_read_config_byte", "pci_read_config_word", "pci_read_config_dword")
	add(Helper{Returns: ReturnsScalar, NoEscape: true},
		"pci_write_config_byte", "pci_write_config_word", "pci_write_config_dword")

	// PS3 hypervisor calls (asm/lv1call.h): the hcall stores its results
	// through the u64 out-pointers and keeps none of them.
	out := func(args ...int) []ArgAccess {
		var a []ArgAccess
		for _, i := range args {
			a = append(a, ArgAccess{Arg: i, Write: true, Len: LenPointee})
		}
		return a
	}
	add(Helper{Accesses: out(5, 6), Returns: ReturnsScalar, NoEscape: true}, "lv1_gpu_memory_allocate")
	add(Helper{Accesses: out(2, 3, 4, 5, 6), Returns: ReturnsScalar, NoEscape: true}, "lv1_gpu_context_allocate")

	// Kernel FIFOs (lib/kfifo.c) update the struct __kfifo in place and
	// copy to or from the caller's buffer.
	fifo := []ArgAccess{{Arg: 0, Len: LenPointee}, {Arg: 0, Write: true, Len: LenPointee}}
	add(Helper{Accesses: append(fifo[:2:2], rd(1, LenArg, 2)), Returns: ReturnsScalar, NoEscape: true}, "__kfifo_in")
	add(Helper{Accesses: append(fifo[:2:2], wr(1, LenArg, 2)), Returns: ReturnsScalar, NoEscape: true}, "__kfifo_out")
	add(Helper{Accesses: []ArgAccess{{Arg: 0, Write: true, Len: LenPointee}}, Returns: ReturnsScalar, NoEscape: true},
		"__kfifo_alloc", "__kfifo_free")

	// The rtc library (drivers/rtc/lib.c, rtc-mc146818-lib.c; Linux 4.0's
	// rtc_tm_to_time and rtc_time_to_tm) converts and reads or writes the
	// caller's struct rtc_time, and keeps nothing: an
	// rtc driver's read_time passes the core's per-call struct rtc_time
	// (rtc_read_time's on-stack tm) to them.
	tm := func(arg int, write bool) ArgAccess { return ArgAccess{Arg: arg, Write: write, Len: LenPointee} }
	add(Helper{Accesses: []ArgAccess{tm(0, false)}, Returns: ReturnsScalar, NoEscape: true},
		"rtc_tm_to_time64", "rtc_valid_tm", "mc146818_set_time")
	add(Helper{Accesses: []ArgAccess{tm(1, true)}, Returns: ReturnsScalar, NoEscape: true},
		"rtc_time64_to_tm", "rtc_time_to_tm")
	add(Helper{Accesses: []ArgAccess{tm(0, false), tm(1, true)}, Returns: ReturnsScalar, NoEscape: true}, "rtc_tm_to_time")
	add(Helper{Accesses: []ArgAccess{tm(0, true)}, Returns: ReturnsScalar, NoEscape: true}, "mc146818_get_time")

	// Asynchronous notification: the helpers update the driver's
	// struct fasync_struct * field. fasync_helper reads and changes it
	// only under the global fasync_lock (Linux 6.12 fs/fcntl.c:
	// fasync_insert_entry and fasync_remove_entry, the list walk and the
	// head's store); kill_fasync reads it first without any lock (its
	// "quick test" of *fp), so that read races with the store.
	add(Helper{Accesses: []ArgAccess{{Arg: 3, Len: LenPointee}, {Arg: 3, Write: true, Len: LenPointee}},
		Returns: ReturnsScalar, NoEscape: true, Under: FasyncLock}, "fasync_helper")
	add(Helper{Accesses: []ArgAccess{{Arg: 0, Len: LenPointee}}, Returns: ReturnsScalar, NoEscape: true}, "kill_fasync")
	addBuiltins(m, add)
	addAtomicFamilies(m)
	addAtomicEffects(m)
	m["panic"] = Helper{Name: "panic", Returns: ReturnsScalar, NoEscape: true, NoReturn: true}
	m["__whoop_bug"] = Helper{Name: "__whoop_bug", Returns: ReturnsScalar, NoEscape: true, NoReturn: true}
	return m
}()

// addAtomicFamilies adds the rest of the atomic_t, atomic64_t and
// atomic_long_t API (include/linux/atomic/atomic-instrumented.h: every
// operation in every ordering) as atomic accesses of the counter, as KCSAN
// instruments them (instrument_atomic_read, _write, _read_write). Without
// a row, a tree's inline body reaches the arch code's inline assembly,
// whose memory operands read as plain accesses. Rows already in the table
// are kept: this only fills gaps.
func addAtomicFamilies(m map[string]Helper) {
	put := func(h Helper, name string) {
		if _, ok := m[name]; !ok {
			h.Name = name
			m[name] = h
		}
	}
	at := func(arg int, write bool) ArgAccess {
		return ArgAccess{Arg: arg, Write: write, Mode: ir.Atomic, Len: LenPointee}
	}
	rmw := func(arg int) Helper {
		return Helper{Accesses: []ArgAccess{at(arg, false), at(arg, true)}, Returns: ReturnsScalar, NoEscape: true}
	}
	orders := []string{"", "_relaxed", "_acquire", "_release"}
	for _, p := range []string{"atomic", "atomic64", "atomic_long"} {
		read := Helper{Accesses: []ArgAccess{at(0, false)}, Returns: ReturnsScalar, NoEscape: true}
		write := Helper{Accesses: []ArgAccess{at(0, true)}, Returns: ReturnsScalar, NoEscape: true}
		put(read, p+"_read")
		put(read, p+"_read_acquire")
		put(write, p+"_set")
		put(write, p+"_set_release")
		// op(i, v): the counter is the second argument.
		for _, op := range []string{"add", "sub", "and", "andnot", "or", "xor"} {
			put(rmw(1), p+"_"+op)
			for _, o := range orders {
				put(rmw(1), p+"_fetch_"+op+o)
				if op == "add" || op == "sub" {
					put(rmw(1), p+"_"+op+"_return"+o)
				}
			}
		}
		put(rmw(1), p+"_sub_and_test")
		for _, o := range orders {
			put(rmw(1), p+"_add_negative"+o)
		}
		// op(v, ...): the counter is the first argument.
		for _, op := range []string{"inc", "dec"} {
			put(rmw(0), p+"_"+op)
			put(rmw(0), p+"_"+op+"_and_test")
			for _, o := range orders {
				put(rmw(0), p+"_"+op+"_return"+o)
				put(rmw(0), p+"_fetch_"+op+o)
			}
		}
		for _, o := range orders {
			put(rmw(0), p+"_xchg"+o)
			put(rmw(0), p+"_cmpxchg"+o)
			// try_cmpxchg(v, &old, new) also updates the caller's old
			// value, a plain access (instrument_read_write).
			tc := rmw(0)
			tc.Accesses = append(tc.Accesses, ArgAccess{Arg: 1, Len: LenPointee},
				ArgAccess{Arg: 1, Write: true, Len: LenPointee})
			put(tc, p+"_try_cmpxchg"+o)
		}
		for _, op := range []string{"fetch_add_unless", "add_unless", "inc_not_zero", "inc_unless_negative",
			"dec_unless_positive", "dec_if_positive"} {
			put(rmw(0), p+"_"+op)
		}
	}
}

// addAtomicEffects gives every operation of the atomics table without a
// row of its own the memory effect the table says: it reads its cell and,
// unless it only reads, writes it, atomically (plainly for the __ bit
// operations). In a kernel tree this keeps the table's functions calls
// (tableFunc): lowered, their inline bodies end in asm the front end
// turns into an arbitrary plain store (refcount_dec_and_test through
// arch_atomic_fetch_add's xadd) or into no store at all (arch___set_bit's
// bts), and the explorer could not give them their values.
func addAtomicEffects(m map[string]Helper) {
	for _, n := range AtomicNames() {
		a := atomicTable[n]
		names := []string{n}
		if !strings.HasPrefix(n, "_") && !strings.Contains(n, "bit") {
			names = append(names, n+"_relaxed", n+"_acquire", n+"_release")
		}
		for _, name := range names {
			if _, ok := m[name]; ok {
				continue
			}
			l := LenPointee
			if a.Op >= AtomicBitSet {
				l = LenUnknown
			}
			acc := []ArgAccess{{Arg: a.Cell, Mode: a.Mode(), Len: l}}
			if a.Op != AtomicRead && a.Op != AtomicBitTest {
				acc = append(acc, ArgAccess{Arg: a.Cell, Write: true, Mode: a.Mode(), Len: l})
			}
			m[name] = Helper{Name: name, Accesses: acc, Returns: ReturnsScalar, NoEscape: true}
		}
	}
}

// opsKeepNoPointer lists the members of kernel ops structs whose every
// implementation uses the pointers it receives during the call only, as
// a NoEscape helper row says of one function: the driver calls them
// through a pointer the kernel filled in (pport->ops->epp_write_data).
//
// struct parport_operations (include/linux/parport.h): the data transfers
// of parport_pc.c, parport_ax88796.c, parport_amiga.c ... and the generic
// parport_ieee1284_* of drivers/parport/ieee1284_ops.c move len bytes
// between the buffer and the port's registers in a loop before they
// return (parport_write and parport_read call them so).
var opsKeepNoPointer = map[string]bool{
	"parport_operations.epp_write_data":    true,
	"parport_operations.epp_read_data":     true,
	"parport_operations.epp_write_addr":    true,
	"parport_operations.epp_read_addr":     true,
	"parport_operations.ecp_write_data":    true,
	"parport_operations.ecp_read_data":     true,
	"parport_operations.ecp_write_addr":    true,
	"parport_operations.compat_write_data": true,
	"parport_operations.nibble_read_data":  true,
	"parport_operations.byte_read_data":    true,
}

// OpsKeepsNoPointer reports whether a call through member field of kernel
// ops struct tag keeps none of its pointer arguments (opsKeepNoPointer).
func OpsKeepsNoPointer(tag, field string) bool {
	return opsKeepNoPointer[tag+"."+field]
}
