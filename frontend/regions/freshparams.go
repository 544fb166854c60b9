package regions

import "github.com/whoopverify/whoop/ir"

// Summaries of the driver's own functions for A9: a fresh allocation
// passed to a driver function that neither keeps nor hands on the pointer
// (usb_xfer passes its kmalloc'd status byte to usb_read, which only
// copies into it) stays the caller's own. Parameter i of f keeps the
// pointer (keeps[f][i]) when, in f, it may escape by A9's rules: stored,
// returned, passed to a call that may keep it (an unknown kernel
// function, an indirect call, or a driver function's parameter that
// keeps it), compared with a pointer, merged at a join. The accesses f
// makes through the parameter are checked as before; only the caller's
// accesses after the call stay private. The summaries are the greatest
// fixpoint (a parameter only passed on to itself in a recursion keeps
// nothing), computed from "keeps nothing" down.

// paramSummaries returns, for each function with a body, which of its
// parameters may keep the pointer passed.
func paramSummaries(prog *ir.Program) map[*ir.Function][]bool {
	keeps := make(map[*ir.Function][]bool)
	for _, fn := range prog.Funcs {
		if len(fn.Blocks) > 0 {
			keeps[fn] = make([]bool, len(fn.Params))
		}
	}
	for changed := true; changed; {
		changed = false
		for _, fn := range prog.Funcs {
			if len(fn.Blocks) == 0 || len(fn.Params) == 0 {
				continue
			}
			esc := paramEscapes(fn, keeps)
			for i, e := range esc {
				if e && !keeps[fn][i] {
					keeps[fn][i], changed = true, true
				}
			}
		}
	}
	return keeps
}

// paramEscapes reports which of fn's parameters may escape in fn, given
// the summaries so far.
func paramEscapes(fn *ir.Function, keeps map[*ir.Function][]bool) []bool {
	out := make([]bool, len(fn.Params))
	f := newFreshFn(fn, keeps, true)
	if f == nil {
		return out
	}
	in := f.solve()
	for i, b := range fn.Blocks {
		if in[i] == nil {
			continue
		}
		st := in[i].clone()
		f.walk(b, st, nil)
		for j, v := range fn.Params {
			if site, ok := f.params[v]; ok && st.esc[site] {
				out[j] = true
			}
		}
	}
	return out
}
