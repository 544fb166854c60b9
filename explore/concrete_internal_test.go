package explore

import (
	"math/big"
	"testing"

	"github.com/whoopverify/whoop/ir"
)

// A marker is recognised after a narrowing conversion (an inb's u8), and
// an equality test or a branch on it teaches the value (or 0) for exactly
// that read.
func TestDriveLearns(t *testing.T) {
	d := newDrive(strategy{})
	d.learn = true
	var vals []*big.Int
	for k := int64(0); k < 3; k++ {
		vals = append(vals, d.value(1, k))
	}
	if vals[0].Cmp(vals[1]) == 0 || vals[0].Bit(0) != 1 {
		t.Fatalf("markers not distinct and odd: %v", vals)
	}
	low := new(big.Int).And(vals[1], big.NewInt(0xff)) // (u8)inb(...)
	d.compare(low, big.NewInt(0x5a))
	d.branch(vals[2])
	d.compare(vals[0], vals[2]) // two markers: nothing to learn
	want := map[oracleKey]int64{{t: 1, k: 1}: 0x5a, {t: 1, k: 2}: 0}
	if len(d.learned) != len(want) {
		t.Fatalf("learned %v, want %v", d.learned, want)
	}
	for k, v := range want {
		if got, ok := d.learned[k]; !ok || len(got) != 1 || got[0].Int64() != v {
			t.Errorf("learned[%v] = %v, want %d", k, got, v)
		}
	}
	// The next run gives the learned values, and markers elsewhere.
	next := newDrive(strategy{})
	next.learn, next.override = true, map[oracleKey]*big.Int{{t: 1, k: 1}: d.learned[oracleKey{t: 1, k: 1}][0]}
	if got := next.value(1, 1); got.Int64() != 0x5a {
		t.Errorf("overridden read gives %v", got)
	}
	if _, ok := next.marker(next.value(1, 0)); !ok {
		t.Error("a read without a learned value is no marker")
	}
	// Without learning, the strategy's value, and no markers.
	plain := newDrive(strategy{oracleValue: 7})
	if got := plain.value(1, 0); got.Int64() != 7 {
		t.Errorf("plain drive gives %v", got)
	}
	if _, ok := plain.marker(big.NewInt(0x21)); ok {
		t.Error("a plain drive sees markers")
	}
}

// The drive's schedule: thread t switches exactly at its switchAt-th yield.
func TestDriveSchedule(t *testing.T) {
	d := newDrive(strategy{})
	d.switchAt[2] = 1
	var got []int64
	for range 3 {
		got = append(got, d.decide(2, checkYield).Int64())
	}
	if got[0] != 0 || got[1] != 1 || got[2] != 0 {
		t.Errorf("decisions %v, want [0 1 0]", got)
	}
	if d.decide(1, startYield).Sign() != 0 {
		t.Error("thread 1 switches without a schedule")
	}
	if len(d.kinds[2]) != 3 || d.kinds[2][0] != checkYield || d.kinds[1][0] != startYield {
		t.Errorf("kinds %v", d.kinds)
	}
}

// A concrete run must satisfy the harness's assumptions on arguments: a
// condition that does not hold under the drive's values ends the run.
func TestAssumeArguments(t *testing.T) {
	a := &ir.Var{Name: "t1_dev", Kind: ir.Int}
	b := &ir.Var{Name: "t2_dev", Kind: ir.Int}
	distinct := []ir.Expr{ir.Bin(ir.OpNe, a, b)}
	r := &replayer{}
	vars := [][]*ir.Var{{a}, {b}}
	if err := r.assume(distinct, vars, [][]*big.Int{{big.NewInt(8)}, {big.NewInt(16)}}); err != nil {
		t.Errorf("distinct arguments refused: %v", err)
	}
	if err := r.assume(distinct, vars, [][]*big.Int{{big.NewInt(8)}, {big.NewInt(8)}}); err == nil {
		t.Error("equal arguments the harness keeps distinct accepted")
	}
}

// A cell of the initial memory holds one value however often it is read
// before a write, in every memory mode: a learned cell got a fresh marker
// per read once, and a race check then saw the second read's marker as
// the other thread's write (a false confirmation on nfcsim that
// TestFlagsApartFromLocks caught).
func TestDriveMemoryStable(t *testing.T) {
	reg := &ir.Region{Name: "struct nfcsim.clone_skb"}
	for _, m := range []memoryMode{memoryDistinct, memoryLearned, memoryZero} {
		d := newDrive(strategy{memory: m})
		d.learn = true
		a, b := big.NewInt(0x1000), big.NewInt(0x1008)
		first := d.memory(reg, a)
		d.value(1, 0) // other reads in between
		if again := d.memory(reg, a); again.Cmp(first) != 0 {
			t.Errorf("mode %d: cell read as %v, then %v", m, first, again)
		}
		if m != memoryZero && d.memory(reg, b).Cmp(first) == 0 {
			t.Errorf("mode %d: two cells start equal", m)
		}
	}
}
