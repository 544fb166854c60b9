package explore

import (
	"fmt"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/lockset"
)

// The explorer confirms a race only with an execution under C's
// semantics, so it reads the driver lowered with C's integer semantics
// (frontend Config.ExactInts: overflow and narrowing wrap, operands are
// converted to their common type), whatever the race check assumed:
// Options.Exact. The lockset result names its entry points in the
// program it checked; onExact rebases its pairs on Exact's entry points,
// which the front end finds in the same order from the same parse.
// Regions and access positions are matched by name and position, as the
// explorer does anyway.

// onExact returns the program to explore and res with its pairs' entry
// points in that program; the races (and the confirmations written into
// them) stay res's own. It fails when Exact's entry points do not
// correspond to res's.
func onExact(prog *ir.Program, res *lockset.FileResult, exact *ir.Program) (*ir.Program, *lockset.FileResult, error) {
	if exact == nil || exact == prog {
		return prog, res, nil
	}
	if len(exact.EntryPoints) != len(prog.EntryPoints) {
		return nil, nil, fmt.Errorf("the program with C integers has %d entry points, the checked one %d", len(exact.EntryPoints), len(prog.EntryPoints))
	}
	to := make(map[*ir.EntryPoint]*ir.EntryPoint, len(prog.EntryPoints))
	for i, ep := range prog.EntryPoints {
		ex := exact.EntryPoints[i]
		if ep.Name() != ex.Name() || ep.Role != ex.Role || ep.Struct != ex.Struct || ep.Field != ex.Field || ep.Var != ex.Var {
			return nil, nil, fmt.Errorf("entry point %d is %s in the program with C integers, %s in the checked one", i, ex.Name(), ep.Name())
		}
		to[ep] = ex
	}
	out := *res
	out.EntryPoints = exact.EntryPoints
	out.Pairs = make([]lockset.PairResult, len(res.Pairs))
	for i, pr := range res.Pairs {
		pr.Pair.First, pr.Pair.Second = to[pr.Pair.First], to[pr.Pair.Second]
		if pr.Pair.First == nil || pr.Pair.Second == nil {
			return nil, nil, fmt.Errorf("pair %d names an entry point the checked program does not list", i)
		}
		out.Pairs[i] = pr // Races shares res's array: confirmations land there
	}
	return exact, &out, nil
}

// exactFailed is the result when the program with C integers does not
// correspond to the checked one (a whoop bug): nothing explored.
func exactFailed(res *lockset.FileResult, err error) *Result {
	out := &Result{Internal: []string{fmt.Sprintf("%s: %v", res.Path, err)}}
	for i, pr := range res.Pairs {
		for j := range pr.Races {
			note := "not explored: internal error: " + err.Error()
			out.Races = append(out.Races, RaceResult{Pair: i, Race: j, Status: NotExplored, Note: note})
			pr.Races[j].Confirmation = &lockset.Confirmation{Status: NotExplored, Note: note}
		}
	}
	return out
}
