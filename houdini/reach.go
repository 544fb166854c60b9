package houdini

import "github.com/whoopverify/whoop/ir"

// mentionsCandidates returns the functions of prog from which a candidate
// can be reached: a candidate in their own contract or loop invariants, or
// in those of a function they may call, directly or not. A root outside
// this set has no guard in its formula whatever the encoder inlines, so
// under TrustFacts its check would assume nothing and prove nothing
// (setup): Run leaves it out before building its formula, which on r8169
// was most of the summary inference's time (44 entry points' environments
// encoded, 4 of them with a candidate).
func mentionsCandidates(prog *ir.Program) map[*ir.Function]bool {
	callers := make(map[*ir.Function][]*ir.Function)
	var work []*ir.Function
	mentions := make(map[*ir.Function]bool)
	mark := func(f *ir.Function) {
		if !mentions[f] {
			mentions[f] = true
			work = append(work, f)
		}
	}
	for _, f := range prog.Funcs {
		if hasCandidate(f.Requires) || hasCandidate(f.Ensures) {
			mark(f)
		}
		for _, b := range f.Blocks {
			if hasCandidate(b.Invariants) {
				mark(f)
			}
			for _, s := range b.Stmts {
				if c, ok := s.(*ir.Call); ok {
					for _, g := range c.Callees() {
						callers[g] = append(callers[g], f)
					}
				}
			}
		}
	}
	for len(work) > 0 {
		f := work[len(work)-1]
		work = work[:len(work)-1]
		for _, c := range callers[f] {
			mark(c)
		}
	}
	return mentions
}

func hasCandidate(specs []*ir.Spec) bool {
	for _, s := range specs {
		if s.Candidate {
			return true
		}
	}
	return false
}
