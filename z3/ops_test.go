//go:build cgo

package z3

import (
	"math/big"
	"testing"
)

func TestSorts(t *testing.T) {
	c := newCtx(t, Config{})
	for _, tc := range []struct {
		s    *Sort
		want string
	}{
		{c.BoolSort(), "Bool"},
		{c.IntSort(), "Int"},
		{c.BVSort(32), "(_ BitVec 32)"},
		{c.ArraySort(c.BVSort(64), c.BVSort(8)), "(Array (_ BitVec 64) (_ BitVec 8))"},
		{c.ArraySort(c.IntSort(), c.BoolSort()), "(Array Int Bool)"},
	} {
		if got := tc.s.String(); got != tc.want {
			t.Errorf("sort = %s, want %s", got, tc.want)
		}
	}
	x := c.Const("x", c.BVSort(16))
	if got := x.Sort().String(); got != "(_ BitVec 16)" {
		t.Errorf("x.Sort() = %s", got)
	}
	if s1, s2 := c.BVSort(8), c.BVSort(8); s1 != s2 {
		t.Error("BVSort not cached")
	}
	if err := c.Err(); err != nil {
		t.Fatal(err)
	}
	if s := c.BVSort(0); s.IsValid() || c.Err() == nil {
		t.Errorf("BVSort(0) = %v, err %v; want invalid and an error", s, c.Err())
	}
}

func TestConstantsAndNumerals(t *testing.T) {
	c := newCtx(t, Config{})
	x := c.Const("x", c.IntSort())
	if x.String() != "x" || c.Const("x", c.IntSort()).ID() != x.ID() {
		t.Errorf("Const: %s id %d", x, x.ID())
	}
	f1, f2 := c.FreshConst("t", c.IntSort()), c.FreshConst("t", c.IntSort())
	if f1.ID() == f2.ID() {
		t.Error("FreshConst returned the same constant twice")
	}
	check(t, c, Sat, c.Distinct(f1, f2)) // fresh constants are unrelated
	big70 := new(big.Int).Lsh(big.NewInt(1), 70)
	for _, tc := range []struct {
		e    *Expr
		want string
	}{
		{c.Int(42), "42"},
		{c.Int(-7), "(- 7)"},
		{c.IntBig(big70), "1180591620717411303424"},
		{c.IntBig(new(big.Int).Neg(big70)), "(- 1180591620717411303424)"},
		{c.BV(5, 8), "#x05"},
		{c.BV(-1, 8), "#xff"},
		{c.BV(300, 8), "#x2c"},
		{c.BV(-1, 64), "#xffffffffffffffff"},
		{c.BV(-2, 72), "#xfffffffffffffffffe"},
		{c.BVBig(big70, 72), "#x400000000000000000"},
		{c.BVBig(big.NewInt(-1), 4), "#xf"},
		{c.BV(1, 1), "#b1"},
		{c.True(), "true"},
		{c.False(), "false"},
		{c.BoolVal(true), "true"},
	} {
		if got := tc.e.String(); got != tc.want {
			t.Errorf("numeral = %s, want %s", got, tc.want)
		}
	}
	if err := c.Err(); err != nil {
		t.Fatal(err)
	}
}

func TestBoolean(t *testing.T) {
	c := newCtx(t, Config{})
	T, F := c.True(), c.False()
	simp(t, c, c.Not(T), "false")
	simp(t, c, c.And(T, F), "false")
	simp(t, c, c.And(T, T, T), "true")
	simp(t, c, c.And(), "true")
	simp(t, c, c.Or(F, F), "false")
	simp(t, c, c.Or(F, T), "true")
	simp(t, c, c.Or(), "false")
	simp(t, c, c.Implies(T, F), "false")
	simp(t, c, c.Implies(F, F), "true")
	simp(t, c, c.Iff(F, F), "true")
	simp(t, c, c.Iff(T, F), "false")
	simp(t, c, c.Xor(T, F), "true")
	simp(t, c, c.Xor(T, T), "false")
	simp(t, c, c.Eq(c.Int(3), c.Int(3)), "true")
	simp(t, c, c.Ite(F, c.Int(1), c.Int(2)), "2")
	simp(t, c, c.Distinct(c.Int(1), c.Int(2), c.Int(3)), "true")
	simp(t, c, c.Distinct(c.Int(1), c.Int(2), c.Int(1)), "false")
	simp(t, c, c.Distinct(c.Int(1)), "true")
	// Symbolic: p xor q with p, q forced equal is unsat.
	p, q := c.Const("p", c.BoolSort()), c.Const("q", c.BoolSort())
	check(t, c, Unsat, c.Xor(p, q), c.Iff(p, q))
	check(t, c, Unsat, c.Not(c.Implies(c.And(p, c.Implies(p, q)), q)))
	x, y, z := c.Const("x", c.IntSort()), c.Const("y", c.IntSort()), c.Const("z", c.IntSort())
	check(t, c, Unsat, c.Distinct(x, y, z), c.Eq(x, y))
	check(t, c, Unsat, c.Gt(c.Ite(p, x, y), x), c.Gt(c.Ite(p, x, y), y))
}

func TestIntArithmetic(t *testing.T) {
	c := newCtx(t, Config{})
	i := c.Int
	simp(t, c, c.Add(i(2), i(3), i(4)), "9")
	simp(t, c, c.Add(), "0")
	simp(t, c, c.Sub(i(10), i(3), i(2)), "5")
	simp(t, c, c.Mul(i(6), i(7)), "42")
	simp(t, c, c.Mul(), "1")
	simp(t, c, c.Neg(i(5)), "(- 5)")
	// SMT-LIB integer division: a = b*q + r with 0 <= r < |b|.
	simp(t, c, c.Div(i(7), i(2)), "3")
	simp(t, c, c.Div(i(-7), i(2)), "(- 4)")
	simp(t, c, c.Div(i(7), i(-2)), "(- 3)")
	simp(t, c, c.Mod(i(-7), i(2)), "1")
	simp(t, c, c.Mod(i(7), i(-2)), "1")
	simp(t, c, c.Rem(i(-7), i(2)), "1")
	simp(t, c, c.Rem(i(7), i(-2)), "(- 1)")
	simp(t, c, c.Lt(i(1), i(2)), "true")
	simp(t, c, c.Le(i(2), i(2)), "true")
	simp(t, c, c.Gt(i(1), i(2)), "false")
	simp(t, c, c.Ge(i(1), i(2)), "false")
	big1 := new(big.Int).Lsh(big.NewInt(1), 64)
	simp(t, c, c.Add(c.IntBig(big1), c.IntBig(big1)), "36893488147419103232")
	// Symbolic: 2x = 7 has no integer solution; 2x = 8 forces x = 4.
	x := c.Const("x", c.IntSort())
	check(t, c, Unsat, c.Eq(c.Mul(i(2), x), i(7)))
	s := check(t, c, Sat, c.Eq(c.Mul(i(2), x), i(8)))
	m, err := s.Model()
	if err != nil {
		t.Fatal(err)
	}
	if v, ok := m.Int64(x); !ok || v != 4 {
		t.Errorf("x = %d, %v; want 4", v, ok)
	}
	if err := c.Err(); err != nil {
		t.Fatal(err)
	}
	if e := c.Sub(); e.IsValid() || c.Err() == nil {
		t.Error("Sub() should fail")
	}
}

func TestBitVectors(t *testing.T) {
	c := newCtx(t, Config{})
	b := func(v int64) *Expr { return c.BV(v, 8) }
	for _, tc := range []struct {
		e    *Expr
		want string
	}{
		{c.BVAdd(b(200), b(100)), "#x2c"},
		{c.BVSub(b(1), b(2)), "#xff"},
		{c.BVMul(b(16), b(17)), "#x10"},
		{c.BVUDiv(b(200), b(7)), "#x1c"},
		{c.BVUDiv(b(5), b(0)), "#xff"},
		{c.BVSDiv(b(-7), b(2)), "#xfd"},
		{c.BVURem(b(200), b(7)), "#x04"},
		{c.BVSRem(b(-7), b(2)), "#xff"},
		{c.BVSMod(b(-7), b(2)), "#x01"},
		{c.BVAnd(b(0x0f), b(0x3c)), "#x0c"},
		{c.BVOr(b(0x0f), b(0x30)), "#x3f"},
		{c.BVXor(b(0xff), b(0x0f)), "#xf0"},
		{c.BVNot(b(0x0f)), "#xf0"},
		{c.BVNeg(b(1)), "#xff"},
		{c.BVShl(b(0x81), b(1)), "#x02"},
		{c.BVShl(b(1), b(9)), "#x00"},
		{c.BVLShr(b(0x80), b(7)), "#x01"},
		{c.BVAShr(b(0x80), b(7)), "#xff"},
		{c.RotateLeft(1, b(0x81)), "#x03"},
		{c.RotateRight(1, b(0x81)), "#xc0"},
		{c.BVULt(b(1), b(0xff)), "true"},
		{c.BVSLt(b(1), b(0xff)), "false"},
		{c.BVULe(b(3), b(3)), "true"},
		{c.BVSLe(b(-1), b(0)), "true"},
		{c.BVUGt(b(0xff), b(1)), "true"},
		{c.BVSGt(b(0xff), b(1)), "false"},
		{c.BVUGe(b(0), b(1)), "false"},
		{c.BVSGe(b(0), b(-1)), "true"},
		{c.Extract(7, 4, b(0xa5)), "#xa"},
		{c.Extract(0, 0, b(0xa5)), "#b1"},
		{c.Concat(b(0x12), b(0x34)), "#x1234"},
		{c.ZeroExt(8, b(0x80)), "#x0080"},
		{c.SignExt(8, b(0x80)), "#xff80"},
		{c.BV2Int(b(0xff), false), "255"},
		{c.BV2Int(b(0xff), true), "(- 1)"},
		{c.Int2BV(8, c.Int(-1)), "#xff"},
		{c.Int2BV(4, c.Int(18)), "#x2"},
	} {
		simp(t, c, tc.e, tc.want)
	}
	// Symbolic: x*3 = 1 (mod 256) has the unique solution 171.
	x := c.Const("x", c.BVSort(8))
	s := check(t, c, Sat, c.Eq(c.BVMul(x, b(3)), b(1)))
	m, _ := s.Model()
	if v, ok := m.Int64(x); !ok || v != 171 {
		t.Errorf("x = %d, %v; want 171", v, ok)
	}
	check(t, c, Unsat, c.Eq(c.BVMul(x, b(3)), b(1)), c.Not(c.Eq(x, b(171))))
	// Unsigned and signed orders differ on the sign bit.
	check(t, c, Unsat, c.BVULt(x, b(0x80)), c.BVSLt(x, b(0)))
	// Bad extract: an error, not a crash.
	if e := c.Extract(8, 0, b(1)); e.IsValid() || c.Err() == nil {
		t.Errorf("Extract(8,0) of BV8 = %v, err %v", e, c.Err())
	}
	c.ClearErr()
	if e := c.Extract(2, 3, b(1)); e.IsValid() || c.Err() == nil {
		t.Errorf("Extract(2,3) = %v, err %v", e, c.Err())
	}
	c.ClearErr()
	if e := c.BVAdd(b(1), c.BV(1, 16)); e.IsValid() || c.Err() == nil {
		t.Errorf("BVAdd of different widths = %v, err %v", e, c.Err())
	}
}

func TestArraysAndFunctions(t *testing.T) {
	c := newCtx(t, Config{})
	bv32 := c.BVSort(32)
	arr := c.ArraySort(bv32, bv32)
	a := c.Const("mem", arr)
	k := func(v int64) *Expr { return c.BV(v, 32) }
	simp(t, c, c.Select(c.Store(a, k(4), k(9)), k(4)), "#x00000009")
	simp(t, c, c.Select(c.ConstArray(bv32, k(7)), k(123)), "#x00000007")
	simp(t, c, c.Select(c.Store(c.ConstArray(bv32, k(7)), k(1), k(2)), k(3)), "#x00000007")
	// Read over write at a symbolic index i != j keeps the old value.
	i, j := c.Const("i", bv32), c.Const("j", bv32)
	check(t, c, Unsat, c.Not(c.Eq(i, j)), c.Not(c.Eq(c.Select(c.Store(a, i, k(1)), j), c.Select(a, j))))
	// Integer-indexed Boolean array.
	ba := c.Const("flags", c.ArraySort(c.IntSort(), c.BoolSort()))
	check(t, c, Unsat, c.Select(c.Store(ba, c.Int(3), c.False()), c.Int(3)))

	f := c.FuncDecl("f", []*Sort{bv32}, bv32)
	if f.String() != "(declare-fun f ((_ BitVec 32)) (_ BitVec 32))" {
		t.Errorf("FuncDecl = %s", f)
	}
	// Congruence: i = j implies f(i) = f(j).
	check(t, c, Unsat, c.Eq(i, j), c.Not(c.Eq(c.Apply(f, i), c.Apply(f, j))))
	// f(i) = 5 and f(j) = 6 forces i != j.
	s := check(t, c, Sat, c.Eq(c.Apply(f, i), k(5)), c.Eq(c.Apply(f, j), k(6)))
	m, _ := s.Model()
	vi, _ := m.Int64(i)
	vj, _ := m.Int64(j)
	if fi, ok := m.Int64(c.Apply(f, i)); !ok || fi != 5 || vi == vj {
		t.Errorf("model: f(i)=%d i=%d j=%d", fi, vi, vj)
	}
	// Nullary and binary functions.
	g := c.FuncDecl("g", []*Sort{c.IntSort(), c.BoolSort()}, c.IntSort())
	n := c.FuncDecl("n", nil, c.IntSort())
	check(t, c, Unsat, c.Eq(c.Apply(n), c.Int(1)), c.Eq(c.Apply(g, c.Apply(n), c.True()), c.Int(2)),
		c.Eq(c.Apply(g, c.Int(1), c.True()), c.Int(3)))
	if err := c.Err(); err != nil {
		t.Fatal(err)
	}
	if e := c.Apply(f, c.Int(1)); e.IsValid() || c.Err() == nil {
		t.Errorf("Apply with wrong sort = %v, err %v", e, c.Err())
	}
}

func TestSubstitute(t *testing.T) {
	c := newCtx(t, Config{})
	x, y := c.Const("x", c.IntSort()), c.Const("y", c.IntSort())
	e := c.Add(x, c.Mul(c.Int(2), y))
	simp(t, c, c.Substitute(e, []*Expr{x, y}, []*Expr{c.Int(1), c.Int(10)}), "21")
	if got := c.Substitute(e, nil, nil).String(); got != e.String() {
		t.Errorf("empty Substitute = %s, want %s", got, e)
	}
	if r := c.Substitute(e, []*Expr{x}, nil); r.IsValid() || c.Err() == nil {
		t.Error("Substitute with mismatched lengths should fail")
	}
}
