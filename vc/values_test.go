package vc_test

import (
	"testing"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/vc"
	. "github.com/whoopverify/whoop/vc/vctest"
)

func TestMemory(t *testing.T) {
	b := New()
	ra, rb := b.Region("A"), b.Region("B")
	objA := b.Global("a", 8)
	objB := b.Global("b", 4)
	f := b.Func("f", "p", "q")
	p, q := f.P("p"), f.P("q")
	x := f.Local("x", ir.Int)
	f.Store(objA, I(7), ra)
	f.Store(objB, I(9), rb)
	f.Load(x, objA, ra)
	f.Assert(B(x, "==", I(7)), "store then load")
	f.Store(p, I(1), rb) // another region: a is untouched
	f.Load(x, objA, ra)
	f.Assert(B(x, "==", I(7)), "other region")
	f.Store(q, I(2), ra) // same region, unknown address
	f.Load(x, objA, ra)
	f.Assert(B(x, "==", I(7)), "may alias")
	f.Assert(B(objA, "!=", objB), "distinct objects")
	f.Assert(B(B(objA, "+", I(8)), "<=", objB), "disjoint objects")
	f.Assert(B(objA, "!=", I(0)), "not NULL")
	f.Touch(objB, rb, true)
	f.Load(x, objB, rb)
	f.Assert(B(x, "==", I(9)), "touched")
	f.Return(I(0))
	outs := check(t, b, f, vc.CheckAll())
	want := []vc.Status{vc.Proved, vc.Proved, vc.Failed, vc.Proved, vc.Proved, vc.Proved, vc.Failed}
	if len(outs) != len(want) {
		t.Fatalf("got %s", verdicts(outs))
	}
	for i, o := range outs {
		if o.Status != want[i] {
			t.Errorf("%v: %s, want %s", o.Obligation, o.Status, want[i])
		}
	}
	// The store through q overwrote a's cell: q is a's address, the first
	// global (doc.go: globals start at 2^20).
	wantInt(t, outs[2].Trace, "q", 1<<20)
}

// Frame objects get fresh addresses, distinct per activation.
func TestFrameObjects(t *testing.T) {
	b := New()
	f := b.Func("f")
	o1 := &ir.Object{Name: "buf", Kind: ir.LocalObj, Bytes: 16, Func: f.Function}
	o2 := &ir.Object{Name: "tmp", Kind: ir.LocalObj, Bytes: 4, Func: f.Function}
	f.Frame = []*ir.Object{o1, o2}
	g := b.Global("g", 4)
	f.Assert(B(o1, "!=", o2), "")
	f.Assert(B(o1, "!=", g), "")
	f.Assert(B(B(o1, "+", I(16)), "<=", o2), "") // not promised: either order
	f.Return(I(0))
	if got := verdicts(check(t, b, f, vc.CheckAll())); got != "assert#1@3:proved assert#2@4:proved assert#3@5:failed" {
		t.Errorf("got %s", got)
	}
}

func TestCDivisionAndRemainder(t *testing.T) {
	cases := []struct {
		x, y     int64
		quo, rem int64
	}{
		{7, 2, 3, 1}, {-7, 2, -3, -1}, {7, -2, -3, 1}, {-7, -2, 3, -1}, {6, 3, 2, 0}, {-6, 4, -1, -2},
	}
	for _, c := range cases {
		b, f, x := fixed(c.x)
		// Variable dividend, constant divisor, and the folded constant form.
		f.Assert(B(B(x, "/", I(c.y)), "==", I(c.quo)), "quotient")
		f.Assert(B(B(x, "%", I(c.y)), "==", I(c.rem)), "remainder")
		f.Assert(B(B(I(c.x), "/", I(c.y)), "==", I(c.quo)), "folded quotient")
		f.Assert(B(B(I(c.x), "%", I(c.y)), "==", I(c.rem)), "folded remainder")
		f.Assert(B(B(x, "/", I(c.y)), "!=", I(c.quo)), "wrong")
		f.Return(I(0))
		outs := check(t, b, f, vc.CheckAll())
		for i, o := range outs {
			want := vc.Proved
			if i == 4 {
				want = vc.Failed
			}
			if o.Status != want {
				t.Errorf("%d / %d: %v %s, want %s", c.x, c.y, o.Obligation, o.Status, want)
			}
		}
	}
	// A symbolic divisor: the encoding is exact, here with linear facts.
	b := New()
	f := b.Func("f")
	x, y := f.Local("x", ir.Int), f.Local("y", ir.Int)
	f.Havoc(x, y)
	f.Assume(B(B(x, "==", I(-9)), "&&", B(y, "==", I(4))))
	f.Assert(B(B(x, "/", y), "==", I(-2)), "")
	f.Assert(B(B(x, "%", y), "==", I(-1)), "")
	f.Return(I(0))
	if got := verdicts(check(t, b, f, vc.CheckAll())); got != "assert#1@4:proved assert#2@5:proved" {
		t.Errorf("symbolic divisor: %s", got)
	}
}

func TestBitwise(t *testing.T) {
	b := New()
	f := b.Func("f")
	x, y := f.Local("x", ir.Int), f.Local("y", ir.Int)
	a1, a2 := f.Local("a1", ir.Int), f.Local("a2", ir.Int)
	f.Havoc(x, y)
	f.Assign(a1, B(x, "&", y))
	f.Assign(a2, B(x, "&", y))
	f.Assert(B(a1, "==", a2), "same arguments, same result")                     // 5
	f.Assert(B(B(x, "|", y), "==", B(y, "|", x)), "commutative")                 // 6
	f.Assert(B(B(x, "&", y), "==", x), "not a theorem")                          // 7
	f.Assert(B(B(x, "^", x), "==", I(0)), "x ^ x")                               // 8
	f.Assume(B(x, "==", I(5)))                                                   // 9
	f.Assert(B(B(x, "&", I(1)), "==", I(1)), "low bit")                          // 10
	f.Assert(B(B(x, "&", I(6)), "==", I(4)), "mask")                             // 11
	f.Assert(B(B(x, "|", I(2)), "==", I(7)), "or")                               // 12
	f.Assert(B(B(x, "^", I(1)), "==", I(4)), "xor")                              // 13
	f.Assert(B(B(x, "&", I(-2)), "==", I(4)), "and not")                         // 14
	f.Assert(B(B(x, "<<", I(3)), "==", I(40)), "shl")                            // 15
	f.Assert(B(B(x, ">>", I(1)), "==", I(2)), "shr")                             // 16
	f.Assert(B(&ir.Unary{Op: ir.OpBitNot, X: x}, "==", I(-6)), "not")            // 17
	f.Assert(B(B(I(12), "&", I(10)), "==", I(8)), "folded")                      // 18
	f.Assert(B(B(B(I(0), "-", x), ">>", I(1)), "==", I(-3)), "arithmetic shift") // 19
	f.Return(I(0))
	got := verdicts(check(t, b, f, vc.CheckAll()))
	want := "assert#1@5:proved assert#2@6:proved assert#3@7:failed assert#4@8:proved " +
		"assert#5@10:proved assert#6@11:proved assert#7@12:proved assert#8@13:proved assert#9@14:proved " +
		"assert#10@15:proved assert#11@16:proved assert#12@17:proved assert#13@18:proved assert#14@19:proved"
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// Wrap operators reduce values as C's integer types do, exactly, both
// symbolically and folded; x + 1 > x then fails at the top of a type.
func TestWrap(t *testing.T) {
	cases := []struct {
		x      int64
		bits   int
		signed bool
		want   int64
	}{
		{256, 8, false, 0}, {-1, 8, false, 255}, {255, 8, true, -1}, {-129, 8, true, 127},
		{70000, 16, false, 4464}, {1 << 31, 32, true, -(1 << 31)}, {-1, 32, false, 1<<32 - 1},
		{-(1 << 40), 64, true, -(1 << 40)}, {5, 64, false, 5},
	}
	for _, c := range cases {
		b, f, x := fixed(c.x)
		f.Assert(B(ir.Wrap(x, c.bits, c.signed), "==", I(c.want)), "symbolic")
		f.Assert(B(&ir.Unary{Op: mustWrapOp(t, c.bits, c.signed), X: I(c.x)}, "==", I(c.want)), "folded")
		f.Assert(B(ir.Wrap(x, c.bits, c.signed), "!=", I(c.want)), "wrong")
		f.Return(I(0))
		if got := verdicts(check(t, b, f, vc.CheckAll())); got != "assert#1@4:proved assert#2@5:proved assert#3@6:failed" {
			t.Errorf("wrap %d to %d bits signed %v: %s", c.x, c.bits, c.signed, got)
		}
	}
	// unsigned char n = u + 1; n > u fails for u == 255 only.
	b := New()
	f := b.Func("f")
	u := f.Local("u", ir.Int)
	f.Havoc(u)
	f.Assume(B(B(u, ">=", I(0)), "&&", B(u, "<=", I(255))))
	f.Assert(B(ir.Wrap(B(u, "+", I(1)), 8, false), ">", u), "no wrap")
	f.Return(I(0))
	outs := check(t, b, f, vc.CheckAll())
	if len(outs) != 1 || outs[0].Status != vc.Failed {
		t.Fatalf("got %s, want failed", verdicts(outs))
	}
	wantInt(t, outs[0].Trace, "u", 255)
}

func mustWrapOp(t *testing.T, bits int, signed bool) ir.Op {
	op, ok := ir.WrapOp(bits, signed)
	if !ok {
		t.Fatalf("no wrap operator for %d bits", bits)
	}
	return op
}

// fixed starts a function f whose local x is havocked, then assumed to be v:
// the solver, not the encoder's folding, computes with it.
func fixed(v int64) (*Builder, *Func, *ir.Var) {
	b := New()
	f := b.Func("f")
	x := f.Local("x", ir.Int)
	f.Havoc(x)
	f.Assume(B(x, "==", I(v)))
	return b, f, x
}

// A mask with many bits set but few runs (a register mask) is exact: the
// explorer replays models concretely and must not see an abstraction.
func TestAndMaskRuns(t *testing.T) {
	b := New()
	f := b.Func("f", "x")
	x := f.P("x")
	m := B(x, "&", I(0xfbff))
	f.Assume(B(B(x, ">=", I(0)), "&&", B(x, "<", I(1<<16))))
	f.Assert(B(B(m, "==", I(0x107f)), "==>", B(B(x, "==", I(0x107f)), "||", B(x, "==", I(0x147f)))), "two preimages")
	f.Assert(B(B(x, "==", I(0x147f)), "==>", B(m, "==", I(0x107f))), "bit 10 cleared")
	f.Assert(B(m, "!=", I(0x107f)), "reachable")
	f.Return(I(0))
	outs := check(t, b, f, vc.CheckAll())
	want := []vc.Status{vc.Proved, vc.Proved, vc.Failed}
	if len(outs) != len(want) {
		t.Fatalf("got %s", verdicts(outs))
	}
	for i, o := range outs {
		if o.Status != want[i] {
			t.Errorf("%v: %s, want %s", o.Obligation, o.Status, want[i])
		}
	}
}
