package houdini

import (
	"slices"
	"testing"

	. "github.com/whoopverify/whoop/vc/vctest"
)

// A function mentions candidates when one is in its own contract or loop
// invariants or in those of anything it may call, through indirect calls
// and cycles too; nothing else does, free (non-candidate) clauses
// included.
func TestMentionsCandidates(t *testing.T) {
	b := New()
	leaf := b.Func("leaf")
	leaf.Ensures(B(I(1), "==", I(1)), true)
	leaf.Return(nil)
	mid := b.Func("mid")
	mid.Call(nil, leaf)
	mid.Return(nil)
	top := b.Func("top")
	top.Call(nil, mid)
	top.Return(nil)
	loop := b.Func("loop", "n")
	head, body, exit := loop.Block("head"), loop.Block("body"), loop.Block("exit")
	loop.Goto(head)
	loop.Invariant(head, B(loop.P("n"), ">=", I(0)), true)
	loop.At(head).If(B(loop.P("n"), ">", I(0)), body, exit)
	loop.At(body).Goto(head)
	loop.At(exit).Return(nil)
	via := b.Func("via_pointer", "fp")
	via.CallIndirect(nil, via.P("fp"), []*Func{loop})
	via.Return(nil)
	cycA, cycB := b.Func("cyc_a"), b.Func("cyc_b")
	cycA.Call(nil, cycB)
	cycA.Return(nil)
	cycB.Call(nil, cycA)
	cycB.Call(nil, leaf)
	cycB.Return(nil)
	freeA, freeB := b.Func("free_a"), b.Func("free_b")
	freeA.Requires(B(I(1), "==", I(1)), false) // a fact, not a candidate
	freeA.Call(nil, freeB)
	freeA.Return(nil)
	freeB.Call(nil, freeA)
	freeB.Return(nil)
	if err := b.Done(); err != nil {
		t.Fatal(err)
	}
	m := mentionsCandidates(b.Prog)
	var got []string
	for _, f := range b.Prog.Funcs {
		if m[f] {
			got = append(got, f.Name)
		}
	}
	slices.Sort(got)
	want := []string{"cyc_a", "cyc_b", "leaf", "loop", "mid", "top", "via_pointer"}
	if !slices.Equal(got, want) {
		t.Errorf("mention candidates: %v, want %v", got, want)
	}
}
