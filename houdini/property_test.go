package houdini_test

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/whoopverify/whoop/houdini"
	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/vc"
	. "github.com/whoopverify/whoop/vc/vctest"
	"github.com/whoopverify/whoop/z3"
)

// randomInstance builds inc(x), called in a loop by main(n), over ghosts a
// and b, with random bodies and 3 to 5 random candidates drawn from pools
// of requires, ensures and loop invariants.
func randomInstance(r *rand.Rand) (*Builder, []*Func, []*ir.Spec) {
	b := New()
	ga, gb := b.Ghost("a", ir.Int), b.Ghost("b", ir.Int)
	inc := b.Func("inc", "x")
	inc.Modifies(ga, gb)
	x := inc.P("x")
	small := func() ir.Expr { return I(int64(r.IntN(3) - 1)) }
	for k := r.IntN(3) + 1; k > 0; k-- {
		switch r.IntN(6) {
		case 0:
			inc.Assign(ga, B(ga, "+", small()))
		case 1:
			inc.Assign(gb, ga)
		case 2:
			inc.Assign(ga, x)
		case 3:
			inc.Assign(gb, B(gb, "+", small()))
		case 4:
			inc.Havoc(gb)
		case 5:
			then, join := inc.Block("then"), inc.Block("join")
			inc.If(B(x, ">", I(0)), then, join)
			inc.At(then).Assign(ga, B(ga, "+", I(1)))
			inc.Goto(join)
			inc.At(join)
		}
	}
	inc.Return([]ir.Expr{x, ga, B(x, "+", I(1)), gb}[r.IntN(4)])

	main := b.Func("main", "n")
	main.Modifies(ga, gb)
	n := main.P("n")
	i := main.Local("i", ir.Int)
	main.Assign(i, I(0))
	head, body, exit := main.Block("head"), main.Block("body"), main.Block("exit")
	main.Goto(head)
	main.At(head).If(B(i, "<", n), body, exit)
	main.At(body).Call(nil, inc, []ir.Expr{i, ga, n}[r.IntN(3)])
	main.Assign(i, B(i, "+", I(1)))
	main.Goto(head)
	main.At(exit).Call(nil, inc, n)
	main.Return(I(0))
	switch r.IntN(3) { // a definite precondition sometimes
	case 0:
		main.Requires(B(ga, "==", I(0)), false)
	case 1:
		main.Requires(B(gb, ">=", ga), false)
	}

	type gen func() *ir.Spec
	pool := []gen{
		func() *ir.Spec { return inc.Requires(B(ga, ">=", I(0)), true) },
		func() *ir.Spec { return inc.Requires(B(x, ">=", I(0)), true) },
		func() *ir.Spec { return inc.Requires(B(ga, "==", gb), true) },
		func() *ir.Spec { return inc.Requires(B(ga, "<=", x), true) },
		func() *ir.Spec { return inc.Ensures(B(ga, ">=", Old(ga)), true) },
		func() *ir.Spec { return inc.Ensures(B(inc.Ret, ">=", x), true) },
		func() *ir.Spec { return inc.Ensures(B(ga, ">=", I(0)), true) },
		func() *ir.Spec { return inc.Ensures(B(gb, "==", ga), true) },
		func() *ir.Spec { return inc.Ensures(B(gb, ">=", Old(gb)), true) },
		func() *ir.Spec { return main.Invariant(head, B(ga, ">=", I(0)), true) },
		func() *ir.Spec { return main.Invariant(head, B(i, ">=", I(0)), true) },
		func() *ir.Spec { return main.Invariant(head, B(ga, ">=", Old(ga)), true) },
		func() *ir.Spec { return main.Invariant(head, B(ga, "==", gb), true) },
		func() *ir.Spec { return main.Invariant(head, B(gb, ">=", ga), true) },
		func() *ir.Spec { return main.Requires(B(n, ">=", I(0)), true) },
		func() *ir.Spec { return main.Requires(B(ga, ">=", I(0)), true) },
		func() *ir.Spec { return main.Ensures(B(ga, ">=", Old(ga)), true) },
		func() *ir.Spec { return main.Ensures(B(gb, ">=", I(0)), true) },
	}
	var cands []*ir.Spec
	for _, k := range r.Perm(len(pool))[:3+r.IntN(3)] {
		cands = append(cands, pool[k]())
	}
	return b, []*Func{inc, main}, cands
}

// consistent checks with vc that every candidate in set holds when the
// set and the non-candidate specs are assumed.
func consistent(t *testing.T, p *vc.Prover, b *Builder, funcs []*Func, cands []*ir.Spec, set uint) bool {
	in := make(map[*ir.Spec]bool)
	for i, c := range cands {
		if set&(1<<i) != 0 {
			in[c] = true
		}
	}
	opts := vc.CheckAll()
	opts.CheckAsserts = false
	opts.Specs = func(s *ir.Spec) bool { return !s.Candidate || in[s] }
	for _, f := range funcs {
		outs, err := p.Check(context.Background(), b.Prog, f.Function, opts)
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range outs {
			switch o.Status {
			case vc.Failed:
				return false
			case vc.Unknown:
				t.Fatalf("unknown: %v %s", o.Obligation, o.Reason)
			}
		}
	}
	return true
}

// largest finds the largest consistent subset by brute force, largest
// sizes first (the largest is unique: consistent sets are closed under
// union).
func largest(t *testing.T, p *vc.Prover, b *Builder, funcs []*Func, cands []*ir.Spec) uint {
	n := len(cands)
	for size := n; size >= 0; size-- {
		for set := uint(0); set < 1<<n; set++ {
			if bits.OnesCount(set) == size && consistent(t, p, b, funcs, cands, set) {
				return set
			}
		}
	}
	t.Fatal("the empty set is not consistent")
	return 0
}

func TestHoudiniMatchesBruteForce(t *testing.T) {
	instances := 200
	if testing.Short() {
		instances = 40
	}
	r := rand.New(rand.NewPCG(1, 2))
	p, err := vc.NewProver(z3.Config{})
	if err != nil {
		t.Fatal(err)
	}
	var keptTotal, candTotal int
	for k := 0; k < instances; k++ {
		b, funcs, cands := randomInstance(r)
		if err := b.Done(); err != nil {
			t.Fatal(err)
		}
		want := largest(t, p, b, funcs, cands)
		res, err := houdini.Run(context.Background(), b.Prog, houdini.Options{Workers: 1 + k%2})
		if err != nil {
			t.Fatalf("instance %d: %v\n%s", k, err, b.Prog)
		}
		if !res.Complete {
			t.Fatalf("instance %d: incomplete: %s", k, res.Reason)
		}
		var got uint
		for i, c := range cands {
			if res.Kept[c.ID] {
				got |= 1 << i
			}
		}
		if got != want {
			t.Fatalf("instance %d: houdini kept %05b, brute force %05b\n%s", k, got, want, b.Prog)
		}
		keptTotal += bits.OnesCount(want)
		candTotal += len(cands)
	}
	// The instances must exercise both outcomes.
	if keptTotal == 0 || keptTotal == candTotal {
		t.Errorf("kept %d of %d candidates: the generator is degenerate", keptTotal, candTotal)
	}
	t.Logf("%d instances, %d of %d candidates kept", instances, keptTotal, candTotal)
}
