package vc_test

import (
	"strings"
	"testing"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/vc"
	. "github.com/whoopverify/whoop/vc/vctest"
	"github.com/whoopverify/whoop/z3"
)

// deadGhostProgram: main sets ghosts g, h and k on both branches of an if,
// then inlines set, which changes g and h on one branch; afterwards g is
// read by an assertion of main, k only by the requires of need (called
// through its contract), and h by nothing.
func deadGhostProgram() (*Builder, *Func) {
	b := New()
	g, h, k := b.Ghost("g", ir.Int), b.Ghost("h", ir.Int), b.Ghost("k", ir.Int)
	set := b.Func("set", "n")
	set.Modifies(g, h)
	then, join := set.Block("then"), set.Block("join")
	set.If(B(set.P("n"), ">", I(5)), then, join)
	set.At(then).Assign(g, I(3))
	set.Assign(h, I(3))
	set.Goto(join)
	set.At(join).Return(I(0))
	need := b.Extern("need")
	need.Requires(B(k, ">=", I(1)), false)
	main := b.Func("main", "n")
	main.Modifies(g, h, k)
	pos, neg, after := main.Block("pos"), main.Block("neg"), main.Block("after")
	main.If(B(main.P("n"), ">", I(0)), pos, neg)
	main.At(pos).Assign(g, I(1))
	main.Assign(h, I(1))
	main.Assign(k, I(1))
	main.Goto(after)
	main.At(neg).Assign(g, I(2))
	main.Assign(h, I(2))
	main.Assign(k, I(0))
	main.Goto(after)
	main.At(after).Call(nil, set, main.P("n"))
	main.Call(nil, need)
	main.Assert(B(g, ">=", I(1)), "g set")
	main.Assert(B(g, "!=", I(3)), "set may set g to 3")
	main.Return(I(0))
	return b, main
}

// verdictsOf decides each obligation of en on its own: Failed if some
// model of the constraints makes it fail, else Proved.
func verdictsOf(t *testing.T, zc *z3.Context, en *vc.Encoding) string {
	t.Helper()
	var out []string
	for i := range en.NumObligations() {
		s := zc.NewSolver()
		for _, c := range en.Constraints() {
			if err := s.Assert(c); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.Assert(en.Fail(i)); err != nil {
			t.Fatal(err)
		}
		res, err := s.Check(t.Context())
		s.Close()
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, en.Obligation(i).Kind.String()+":"+res.String())
	}
	return strings.Join(out, " ")
}

// A ghost nothing reads after a merge gets no constant and no constraints
// there (DeadGhosts), and the verdicts stay: g is read after set's merge
// by the caller (the continuation of the inlined call) and k only by a
// later callee's requires, so both keep theirs; h, read nowhere, loses its
// two constraints at main's join and its two at set's.
func TestDeadGhosts(t *testing.T) {
	b, main := deadGhostProgram()
	if err := b.Done(); err != nil {
		t.Fatal(err)
	}
	zc, err := z3.NewContext(z3.Config{KeepTerms: true})
	if err != nil {
		t.Fatal(err)
	}
	defer zc.Close()
	opts := vc.CheckAll()
	opts.Inline = func(f *ir.Function, _ int) bool { return f.Name == "set" }
	var counts []int
	var verdicts []string
	for _, dead := range []bool{false, true} {
		en, err := vc.Encode(zc, b.Prog, main.Function, opts, vc.EncodeConfig{NoTraces: true, DeadGhosts: dead})
		if err != nil {
			t.Fatal(err)
		}
		counts = append(counts, len(en.Constraints()))
		verdicts = append(verdicts, verdictsOf(t, zc, en))
	}
	const want = "requires at call:sat assert:unsat assert:sat"
	for i, v := range verdicts {
		if v != want {
			t.Errorf("DeadGhosts %v: verdicts %q, want %q", i == 1, v, want)
		}
	}
	if counts[0]-counts[1] != 4 {
		t.Errorf("constraints %d without DeadGhosts, %d with; want 4 fewer (h's at two merges)", counts[0], counts[1])
	}
}
