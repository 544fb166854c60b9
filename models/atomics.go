package models

import (
	"strings"

	"github.com/whoopverify/whoop/ir"
)

// Atomic operations and bit operations with their values: what each does
// to its cell and what it returns, for the bounded explorer, which must run
// them as the kernel does (an execution in which test_and_set_bit returns
// 0 on a set bit is no execution). The lockset check needs only their
// memory effects, the helper table's rows.

// AtomicOp is what an operation does to its cell; old is the cell's value
// before, v the operand, w the second operand.
type AtomicOp uint8

const (
	AtomicRead          AtomicOp = iota // nothing
	AtomicSet                           // cell = v
	AtomicAdd                           // cell = old + v
	AtomicAnd                           // cell = old & v
	AtomicOr                            // cell = old | v
	AtomicXor                           // cell = old ^ v
	AtomicAndNot                        // cell = old &^ v
	AtomicXchg                          // cell = v
	AtomicCmpxchg                       // cell = w if old == v
	AtomicAddUnless                     // cell = old + v unless old == w
	AtomicIncUnlessNeg                  // cell = old + 1 if old >= 0
	AtomicDecUnlessPos                  // cell = old - 1 if old <= 0
	AtomicDecIfPositive                 // cell = old - 1 if old - 1 >= 0
	AtomicBitSet                        // bit v of the bitmap set
	AtomicBitClear                      // bit v cleared
	AtomicBitChange                     // bit v flipped
	AtomicBitTest                       // nothing (test_bit)
)

// AtomicResult is what an operation returns.
type AtomicResult uint8

const (
	ResultNone     AtomicResult = iota // void (or a value nobody should use)
	ResultOld                          // the cell before
	ResultNew                          // the cell after
	ResultZero                         // 1 if the cell after is 0 (dec_and_test)
	ResultNegative                     // 1 if the cell after is negative
	ResultBit                          // 1 if bit v was set before (test_and_set_bit, test_bit)
	ResultDone                         // 1 if the operation changed the cell (add_unless, inc_not_zero)
	ResultOldMinus                     // old - 1, whether stored or not (dec_if_positive)
)

// Operand is an argument of the call, or a constant when Arg < 0.
type Operand struct {
	Arg   int
	Const int64
}

// AtomicAPI is one row of the atomics table.
type AtomicAPI struct {
	Name string
	Op   AtomicOp
	// Cell is the argument pointing to the cell (the atomic_t, the
	// bitmap); Bytes its width: 4 for atomic_t and refcount_t (int), 8
	// for atomic64_t, atomic_long_t and a bitmap's unsigned long words.
	// SizeArg >= 0 names an argument holding the width instead
	// (__xchg, __cmpxchg).
	Cell, SizeArg int
	Bytes         int64
	// Signed: the cell holds a signed integer (atomic_t's int); bitmaps
	// and cmpxchg on any scalar are unsigned.
	Signed bool
	V, W   Operand
	Neg    bool // the operand is subtracted (atomic_sub, dec)
	Result AtomicResult
	// Plain: a non-atomic read-modify-write (__set_bit): its accesses race
	// with the other thread's; the others are atomic.
	Plain bool
}

// Mode is the access mode of the operation's accesses to its cell.
func (a AtomicAPI) Mode() ir.AccessMode {
	if a.Plain {
		return ir.Plain
	}
	return ir.Atomic
}

// Atomic returns the value semantics of kernel function name: an atomic_*,
// atomic64_*, atomic_long_*, refcount_* or bit operation. The ordering
// variants (_relaxed, _acquire, _release) and the raw_ and arch_
// spellings of 6.x are the same operation.
func Atomic(name string) (AtomicAPI, bool) {
	n := strings.TrimPrefix(strings.TrimPrefix(name, "raw_"), "arch_")
	for _, suf := range []string{"_relaxed", "_acquire", "_release"} {
		n = strings.TrimSuffix(n, suf)
	}
	a, ok := atomicTable[n]
	if ok {
		a.Name = name
	}
	return a, ok
}

// AtomicNames returns the table's names, sorted.
func AtomicNames() []string { return sortedKeys(atomicTable) }

var atomicTable = func() map[string]AtomicAPI {
	m := make(map[string]AtomicAPI)
	arg := func(i int) Operand { return Operand{Arg: i} }
	k := func(c int64) Operand { return Operand{Arg: -1, Const: c} }
	none := Operand{Arg: -1}
	// Counters: atomic_t and refcount_t hold an int (4 bytes), atomic64_t
	// and atomic_long_t a long (x86_64); the counter is at offset 0.
	for _, fam := range []struct {
		prefix string
		bytes  int64
	}{{"atomic_", 4}, {"atomic64_", 8}, {"atomic_long_", 8}} {
		add := func(suffix string, a AtomicAPI) {
			a.Bytes, a.Signed, a.SizeArg = fam.bytes, true, -1
			m[fam.prefix+suffix] = a
		}
		// f(v): the cell is argument 0; f(i, v): argument 1.
		add("read", AtomicAPI{Op: AtomicRead, Cell: 0, V: none, Result: ResultOld})
		add("set", AtomicAPI{Op: AtomicSet, Cell: 0, V: arg(1)})
		for _, f := range []struct {
			name   string
			v      Operand
			cell   int
			neg    bool
			result AtomicResult
		}{
			{"inc", k(1), 0, false, ResultNone}, {"dec", k(1), 0, true, ResultNone},
			{"add", arg(0), 1, false, ResultNone}, {"sub", arg(0), 1, true, ResultNone},
			{"inc_return", k(1), 0, false, ResultNew}, {"dec_return", k(1), 0, true, ResultNew},
			{"add_return", arg(0), 1, false, ResultNew}, {"sub_return", arg(0), 1, true, ResultNew},
			{"fetch_inc", k(1), 0, false, ResultOld}, {"fetch_dec", k(1), 0, true, ResultOld},
			{"fetch_add", arg(0), 1, false, ResultOld}, {"fetch_sub", arg(0), 1, true, ResultOld},
			{"inc_and_test", k(1), 0, false, ResultZero}, {"dec_and_test", k(1), 0, true, ResultZero},
			{"sub_and_test", arg(0), 1, true, ResultZero}, {"add_negative", arg(0), 1, false, ResultNegative},
		} {
			add(f.name, AtomicAPI{Op: AtomicAdd, Cell: f.cell, V: f.v, Neg: f.neg, Result: f.result})
		}
		for _, f := range []struct {
			name string
			op   AtomicOp
		}{{"and", AtomicAnd}, {"or", AtomicOr}, {"xor", AtomicXor}, {"andnot", AtomicAndNot}} {
			add(f.name, AtomicAPI{Op: f.op, Cell: 1, V: arg(0)})
			add("fetch_"+f.name, AtomicAPI{Op: f.op, Cell: 1, V: arg(0), Result: ResultOld})
		}
		add("set_mask", AtomicAPI{Op: AtomicOr, Cell: 1, V: arg(0)})
		add("clear_mask", AtomicAPI{Op: AtomicAndNot, Cell: 1, V: arg(0)})
		add("xchg", AtomicAPI{Op: AtomicXchg, Cell: 0, V: arg(1), Result: ResultOld})
		add("cmpxchg", AtomicAPI{Op: AtomicCmpxchg, Cell: 0, V: arg(1), W: arg(2), Result: ResultOld})
		add("add_unless", AtomicAPI{Op: AtomicAddUnless, Cell: 0, V: arg(1), W: arg(2), Result: ResultDone})
		add("inc_not_zero", AtomicAPI{Op: AtomicAddUnless, Cell: 0, V: k(1), W: k(0), Result: ResultDone})
		add("inc_unless_negative", AtomicAPI{Op: AtomicIncUnlessNeg, Cell: 0, V: none, Result: ResultDone})
		add("dec_unless_positive", AtomicAPI{Op: AtomicDecUnlessPos, Cell: 0, V: none, Result: ResultDone})
		add("dec_if_positive", AtomicAPI{Op: AtomicDecIfPositive, Cell: 0, V: none, Result: ResultOldMinus})
	}
	// 4.0's __atomic_add_unless returns the old value.
	m["__atomic_add_unless"] = AtomicAPI{Op: AtomicAddUnless, Cell: 0, SizeArg: -1, Bytes: 4, Signed: true, V: arg(1), W: arg(2), Result: ResultOld}
	// refcount_t (linux/refcount.h) is an atomic_t at offset 0; the
	// saturation at REFCOUNT_SATURATED on overflow or underflow is a
	// warning path the explorer does not follow (a trace that goes there
	// shows the plain arithmetic).
	ref := func(name string, a AtomicAPI) {
		a.Bytes, a.Signed, a.SizeArg = 4, true, -1
		m["refcount_"+name] = a
	}
	ref("read", AtomicAPI{Op: AtomicRead, Cell: 0, V: none, Result: ResultOld})
	ref("set", AtomicAPI{Op: AtomicSet, Cell: 0, V: arg(1)})
	ref("inc", AtomicAPI{Op: AtomicAdd, Cell: 0, V: k(1)})
	ref("dec", AtomicAPI{Op: AtomicAdd, Cell: 0, V: k(1), Neg: true})
	ref("add", AtomicAPI{Op: AtomicAdd, Cell: 1, V: arg(0)})
	ref("dec_and_test", AtomicAPI{Op: AtomicAdd, Cell: 0, V: k(1), Neg: true, Result: ResultZero})
	ref("sub_and_test", AtomicAPI{Op: AtomicAdd, Cell: 1, V: arg(0), Neg: true, Result: ResultZero})
	ref("inc_not_zero", AtomicAPI{Op: AtomicAddUnless, Cell: 0, V: k(1), W: k(0), Result: ResultDone})
	ref("add_not_zero", AtomicAPI{Op: AtomicAddUnless, Cell: 1, V: arg(0), W: k(0), Result: ResultDone})
	// Exchange on any scalar (the bundled asm/cmpxchg.h's out-of-line
	// forms): the width is the last argument.
	m["__xchg"] = AtomicAPI{Op: AtomicXchg, Cell: 1, SizeArg: 2, V: arg(0), Result: ResultOld}
	m["__cmpxchg"] = AtomicAPI{Op: AtomicCmpxchg, Cell: 0, SizeArg: 3, V: arg(1), W: arg(2), Result: ResultOld}
	// Bit operations f(nr, addr): bit nr of the bitmap at addr, in the
	// unsigned long word addr[nr / 64]. The __ forms (and 6.x's ___ and
	// _test_bit, behind the bitop() macro) are plain.
	bit := func(a AtomicAPI, names ...string) {
		a.Cell, a.SizeArg, a.Bytes, a.V = 1, -1, 8, arg(0)
		for _, n := range names {
			m[n] = a
		}
	}
	bit(AtomicAPI{Op: AtomicBitSet}, "set_bit")
	bit(AtomicAPI{Op: AtomicBitClear}, "clear_bit", "clear_bit_unlock")
	bit(AtomicAPI{Op: AtomicBitChange}, "change_bit")
	bit(AtomicAPI{Op: AtomicBitSet, Result: ResultBit}, "test_and_set_bit", "test_and_set_bit_lock")
	bit(AtomicAPI{Op: AtomicBitClear, Result: ResultBit}, "test_and_clear_bit")
	bit(AtomicAPI{Op: AtomicBitChange, Result: ResultBit}, "test_and_change_bit")
	bit(AtomicAPI{Op: AtomicBitTest, Result: ResultBit}, "test_bit", "_test_bit", "const_test_bit", "test_bit_acquire", "_test_bit_acquire")
	bit(AtomicAPI{Op: AtomicBitSet, Plain: true}, "__set_bit", "___set_bit")
	bit(AtomicAPI{Op: AtomicBitClear, Plain: true}, "__clear_bit", "___clear_bit", "__clear_bit_unlock")
	bit(AtomicAPI{Op: AtomicBitChange, Plain: true}, "__change_bit", "___change_bit")
	bit(AtomicAPI{Op: AtomicBitSet, Result: ResultBit, Plain: true}, "__test_and_set_bit", "___test_and_set_bit")
	bit(AtomicAPI{Op: AtomicBitClear, Result: ResultBit, Plain: true}, "__test_and_clear_bit", "___test_and_clear_bit")
	bit(AtomicAPI{Op: AtomicBitChange, Result: ResultBit, Plain: true}, "__test_and_change_bit", "___test_and_change_bit")
	return m
}()

// ReadBits returns the width of the value a hardware read returns when its
// C type is wider (ioread8 returns an unsigned int holding a byte): the
// result is an unsigned value of that many bits.
func ReadBits(name string) (int, bool) {
	b, ok := readBits[name]
	return b, ok
}

var readBits = map[string]int{
	"ioread8": 8, "ioread16": 16, "ioread16be": 16, "ioread32": 32, "ioread32be": 32,
	"inb": 8, "inb_p": 8, "inw": 16, "inw_p": 16, "inl": 32, "inl_p": 32,
	"readb": 8, "readw": 16, "readl": 32, "__raw_readb": 8, "__raw_readw": 16, "__raw_readl": 32,
	"readb_relaxed": 8, "readw_relaxed": 16, "readl_relaxed": 32,
	"ioread64": 64, "ioread64be": 64, "readq": 64, "__raw_readq": 64, "readq_relaxed": 64,
}
