package lockset

import (
	"fmt"
	"slices"
	"strings"

	"github.com/whoopverify/whoop/ir"
)

// repeats splits plans into those to check and those whose program would
// repeat an earlier plan's, mapped to that plan. The kernel often
// registers one function in several slots (SIMPLE_DEV_PM_OPS puts suspend
// in .suspend, .freeze and .poweroff), which makes several entry points of
// one function; with the same role and the same locks on entry, every pair
// they take part in builds the same program. On r8169 that is 52 of 206
// pairs checked with Z3, about a quarter of its solver time.
//
// Two plans repeat each other when everything buildPlan and checkPair read
// is the same: per side the function, its role and its locks on entry
// (kernel locks and publication pseudo-locks, initialLocks), and the
// regions, dead sites and distinct parameters of the pair. What differs
// (the slot's name and position) reaches neither the program nor a race
// report, whose accesses name functions. The first plan of each kind, in
// plan order, is checked, so the choice does not depend on --jobs.
//
// A side whose function only passes its parameters on to another function
// (ir.ForwardsTo: the compat_ioctl that calls the driver's ioctl with the
// same arguments; the region pass leaves that call with the ioctl's own
// function) counts as that function: both make the same accesses under
// the same locks on every execution, so their races are the same. Only
// the entry points the accesses name differ: the repeat takes its own.
func (in *instrumenter) repeats(plans []*plan) (check []*plan, repeatOf map[*plan]*plan) {
	first := make(map[string]*plan, len(plans))
	for _, pl := range plans {
		key := in.planKey(pl)
		if orig, ok := first[key]; ok {
			if repeatOf == nil {
				repeatOf = make(map[*plan]*plan)
			}
			repeatOf[pl] = orig
			continue
		}
		first[key] = pl
		check = append(check, pl)
	}
	return check, repeatOf
}

// planKey describes what pl's program is made of (repeats).
func (in *instrumenter) planKey(pl *plan) string {
	var b strings.Builder
	for _, ep := range [...]*ir.EntryPoint{pl.pair.First, pl.pair.Second} {
		held, heldW := in.initialLocks(ep)
		fmt.Fprintf(&b, "%p %v %v %v|", in.forwardee(ep.Func), ep.Role, held, heldW)
	}
	for _, g := range pl.regions {
		fmt.Fprintf(&b, "%p", g.r)
		for l, v := range g.sl {
			if v != nil {
				fmt.Fprintf(&b, ",%d", l)
			}
		}
		b.WriteByte(' ')
	}
	dead := make([]int, 0, len(pl.dead))
	for id, d := range pl.dead {
		if d {
			dead = append(dead, id)
		}
	}
	slices.Sort(dead)
	fmt.Fprintf(&b, "|%v|%v", dead, pl.pair.DistinctParams)
	for _, own := range [...]map[int]bool{pl.ownT, pl.ownU, pl.iterT, pl.iterU} {
		ids := make([]int, 0, len(own))
		for id := range own {
			ids = append(ids, id)
		}
		slices.Sort(ids)
		fmt.Fprintf(&b, "|%v", ids)
	}
	return b.String()
}

// forwardee is the function fn passes its calls on to (ir.ForwardsTo,
// through a chain of such functions), or fn; a function with a summary of
// its own (checked against its contract, not inlined) forwards nothing.
func (in *instrumenter) forwardee(fn *ir.Function) *ir.Function {
	for range 8 { // the bound only stops a cycle
		to := ir.ForwardsTo(fn)
		if to == nil || in.summarized[fn] || in.summarized[to] {
			return fn
		}
		fn = to
	}
	return fn
}

// repeatResult is the result of dup, a repeat of orig, from orig's: the
// same races, each access naming dup's entry point (a forwarding side's
// differs from orig's; forwardee).
func repeatResult(pr PairResult, orig, dup Pair) PairResult {
	pr.Pair = dup
	pr.Races = slices.Clone(pr.Races)
	for i := range pr.Races {
		a := &pr.Races[i].Accesses
		a[0].EntryPoint = renamed(a[0].EntryPoint, orig.First, dup.First)
		a[1].EntryPoint = renamed(a[1].EntryPoint, orig.Second, dup.Second)
	}
	return pr
}

func renamed(name string, from, to *ir.EntryPoint) string {
	if name == from.Func.Name {
		return to.Func.Name
	}
	return name
}
