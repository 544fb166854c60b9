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

// An ordering comparison teaches the value just across the boundary
// (whichever side the marker is on), two markers a value well across, and
// a masked marker compared teaches the value whose masked bits flip the
// comparison.
func TestDriveLearnsOrderAndBits(t *testing.T) {
	d := newDrive(strategy{})
	d.learn = true
	m := make([]*big.Int, 6)
	for k := range m {
		m[k] = d.value(1, int64(k))
	}
	d.order(ir.OpLt, m[0], big.NewInt(10))        // false now: m0 = 9 makes it true
	d.order(ir.OpGt, big.NewInt(1<<40), m[1])     // true now: m1 = 1<<40 makes it false
	d.order(ir.OpGe, m[2], m[3])                  // false now (m2 < m3): m2 well above m3
	d.compareMasked(big.NewInt(0), big.NewInt(0)) // no mask noted: nothing
	d.mask(m[4], big.NewInt(0x8000), new(big.Int).And(m[4], big.NewInt(0x8000)))
	d.compareMasked(new(big.Int).And(m[4], big.NewInt(0x8000)), big.NewInt(0)) // equal now
	d.mask(big.NewInt(1), m[5], new(big.Int).And(m[5], big.NewInt(1)))
	d.compareMasked(new(big.Int).And(m[5], big.NewInt(1)), big.NewInt(0)) // m5 is odd: unequal now
	want := map[int64]*big.Int{
		0: big.NewInt(9),
		1: big.NewInt(1 << 40),
		2: new(big.Int).Add(m[3], big.NewInt(1<<8)),
		4: new(big.Int).Or(m[4], big.NewInt(0x8000)),
		5: new(big.Int).Sub(m[5], big.NewInt(1)),
	}
	if len(d.learned) != len(want) {
		t.Fatalf("learned %v, want %v", d.learned, want)
	}
	for k, v := range want {
		got := d.learned[oracleKey{t: 1, k: k}]
		if len(got) != 1 || got[0].Cmp(v) != 0 {
			t.Errorf("learned[%d] = %v, want %v", k, got, v)
		}
	}
}

// Two threads whose race checks reach one field of two objects learn to
// meet: each source (an argument here) learns the value that puts its
// thread on the other's object; once they meet, the region counts as
// shared and nothing more is taught.
func TestDriveAliasHints(t *testing.T) {
	reg := &ir.Region{Name: "struct hw_priv.count"}
	d := newDrive(strategy{})
	d.learn = true
	p1, p2 := new(big.Int).Lsh(big.NewInt(1), 45), new(big.Int).Lsh(big.NewInt(3), 45)
	k1, k2 := oracleKey{t: 1, k: -1}, oracleKey{t: 2, k: -1}
	d.source(k1, p1)
	d.source(k2, p2)
	d.source(oracleKey{t: 2, k: 7}, big.NewInt(0x5a5a0021)) // not pointer-like
	d.touch(1, reg, new(big.Int).Add(p1, big.NewInt(24)))
	d.touch(2, reg, new(big.Int).Sub(p2, big.NewInt(8))) // container_of
	if n := d.aliasHints(); n != 0 {
		t.Errorf("%d shared regions before the threads meet", n)
	}
	if got := d.hints[k2]; len(got) != 1 || got[0].Cmp(new(big.Int).Add(p1, big.NewInt(32))) != 0 {
		t.Errorf("thread 2's pointer hinted %v, want %v+32", got, p1)
	}
	if got := d.hints[k1]; len(got) != 1 || got[0].Cmp(new(big.Int).Sub(p2, big.NewInt(32))) != 0 {
		t.Errorf("thread 1's pointer hinted %v, want %v-32", got, p2)
	}
	met := newDrive(strategy{})
	met.learn = true
	met.source(k1, p1)
	met.touch(1, reg, p1)
	met.touch(2, reg, p1)
	if n := met.aliasHints(); n != 1 || len(met.hints) != 0 {
		t.Errorf("threads at one cell: %d shared, hinted %v", n, met.hints)
	}
}

// Tests of values computed from reads teach the reads: an xor with a
// field then a bit test (features), a difference of two reads narrowed
// to int and compared with 0 (a ring's head and tail), and a value
// learned before, tested again (a length that passed one bound meets the
// next).
func TestDriveLearnsThroughArithmetic(t *testing.T) {
	d := newDrive(strategy{})
	d.learn = true
	arg, features := d.value(1, 0), big.NewInt(0x2a5)
	changed := new(big.Int).Xor(arg, features)
	d.derive(ir.OpXor, arg, features, changed)
	mask := big.NewInt(0x300)
	masked := new(big.Int).And(changed, mask)
	d.mask(changed, mask, masked)
	d.compare(masked, big.NewInt(0x100))
	got := d.learned[oracleKey{t: 1, k: 0}]
	if len(got) != 1 || new(big.Int).And(new(big.Int).Xor(got[0], features), mask).Int64() != 0x100 {
		t.Errorf("(arg ^ 0x2a5) & 0x300 == 0x100: arg learned %v", got)
	}

	head, tail := d.value(1, 1), d.value(1, 2)
	diff := new(big.Int).Sub(head, tail) // < 0: markers ascend
	d.derive(ir.OpSub, head, tail, diff)
	used := ir.WrapValue(diff, 32, false) // (u32)(head - tail)
	d.narrowed(diff, used)
	d.order(ir.OpLt, used, big.NewInt(16)) // fewer than 16 entries
	got = d.learned[oracleKey{t: 1, k: 1}]
	if len(got) != 1 || ir.WrapValue(new(big.Int).Sub(got[0], tail), 32, false).Int64() != 15 {
		t.Errorf("(u32)(head - tail) < 16 with tail %v: head learned %v, want tail+15 (mod 2^32)", tail, got)
	}
	if _, ok := d.learned[oracleKey{t: 1, k: 2}]; ok {
		t.Errorf("tail learned too: %v", d.learned)
	}

	key := oracleKey{t: 1, k: 3}
	again := newDrive(strategy{})
	again.learn, again.override = true, map[oracleKey]*big.Int{key: big.NewInt(1535)}
	again.order(ir.OpGt, again.value(1, 3), big.NewInt(60))
	if got := again.learned[key]; len(got) != 1 || got[0].Int64() != 60 {
		t.Errorf("len = 1535 tested len > 60: learned %v, want 60", got)
	}
}
