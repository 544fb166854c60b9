package models

import "testing"

// The atomics table gives each operation its cell, operands and result;
// the ordering variants and raw_/arch_ spellings are the same operation,
// and every operation has a memory effect (so a tree's inline body does
// not replace it).
func TestAtomic(t *testing.T) {
	for _, tc := range []struct {
		name   string
		op     AtomicOp
		cell   int
		bytes  int64
		result AtomicResult
		plain  bool
	}{
		{"test_and_set_bit", AtomicBitSet, 1, 8, ResultBit, false},
		{"__test_and_set_bit", AtomicBitSet, 1, 8, ResultBit, true},
		{"___set_bit", AtomicBitSet, 1, 8, ResultNone, true},
		{"_test_bit", AtomicBitTest, 1, 8, ResultBit, false},
		{"atomic_inc_return", AtomicAdd, 0, 4, ResultNew, false},
		{"atomic_fetch_sub_release", AtomicAdd, 1, 4, ResultOld, false},
		{"raw_atomic64_cmpxchg", AtomicCmpxchg, 0, 8, ResultOld, false},
		{"atomic_long_dec_and_test", AtomicAdd, 0, 8, ResultZero, false},
		{"atomic_inc_not_zero", AtomicAddUnless, 0, 4, ResultDone, false},
		{"refcount_dec_and_test", AtomicAdd, 0, 4, ResultZero, false},
		{"__cmpxchg", AtomicCmpxchg, 0, 0, ResultOld, false},
	} {
		a, ok := Atomic(tc.name)
		if !ok {
			t.Errorf("%s: not in the atomics table", tc.name)
			continue
		}
		if a.Op != tc.op || a.Cell != tc.cell || a.Bytes != tc.bytes || a.Result != tc.result || a.Plain != tc.plain || a.Name != tc.name {
			t.Errorf("%s: %+v", tc.name, a)
		}
	}
	if a, _ := Atomic("atomic_sub_and_test"); !a.Neg || a.V.Arg != 0 {
		t.Errorf("atomic_sub_and_test subtracts its first argument: %+v", a)
	}
	if _, ok := Atomic("atomic_frobnicate"); ok {
		t.Error("an unknown name is in the table")
	}
	for _, n := range AtomicNames() {
		if h, ok := HelperFor(n); !ok || len(h.Accesses) == 0 {
			t.Errorf("%s: no memory effect in the helper table", n)
		}
	}
	for name, bits := range map[string]int{"ioread8": 8, "ioread16be": 16, "inl": 32, "readq": 64} {
		if b, ok := ReadBits(name); !ok || b != bits {
			t.Errorf("ReadBits(%s) = %d, %v, want %d", name, b, ok, bits)
		}
	}
}
