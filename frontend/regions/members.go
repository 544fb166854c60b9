package regions

import (
	"fmt"
	"strings"

	"github.com/whoopverify/whoop/ir"
)

// Helpers called with pointers to different members of one object. A
// parameter is one pointer value for every call (the analysis is
// context-insensitive), so lm93's lm93_read_block(client, 3, data->block3)
// and (client, 7, data->block7), or the rtc core's
// rtc_timer_remove(rtc, &rtc->aie_timer) and (rtc, &rtc->uie_rtctimer),
// made the members between the two one folded region (foldBetween), and
// every access to any of them (in_show's data->block3[nr] and
// temp_lim[i].min; aie_timer.enabled and uie_rtctimer.enabled) raced with
// every other. The program tells them apart: each call passes one member.
// So the direct calls of such a helper are grouped by the member each
// passes, and every group but the first calls a copy of the helper (and of
// the driver functions it passes pointers to), as split.go does for the
// entry points the driver also calls. Exact, not an assumption: the copies
// run the same code, and together they see every object the one helper saw.

// maxMemberStmts bounds the statements copied for one program, and
// maxMemberGroups the copies of one helper; past them the helper keeps its
// calls merged, as before.
const (
	maxMemberStmts  = 3000
	maxMemberGroups = 16
)

// splitMembers redirects, for every driver function whose direct calls (in
// the first solution of g) pass one of its pointer parameters pointers to
// different members of one object, each group of calls passing the same
// members but the first to a copy of the function. It reports whether it
// made a copy (then the program must be solved again), and the parameters
// of those helpers and copies that every call of theirs passes one
// constant to (lm93_read_block's fbn): a constant's lin gives the copy's
// memcpy of lm93_block_read_cmds[fbn].len bytes its length, so it stays in
// the member it is given. entries are split.go's copies of entry points.
func (g *graph) splitMembers(entries map[*ir.Function]*ir.Function) (map[*ir.Var]int64, bool) {
	sites := make(map[*ir.Function][]*ir.Call)
	own := &ownArgs{owner: make(map[*ir.Call]*ir.Function), fresh: make(map[*ir.Function]map[*ir.Var]bool)}
	for _, f := range g.prog.Funcs {
		for _, b := range f.Blocks {
			for _, s := range b.Stmts {
				if c, ok := s.(*ir.Call); ok && g.direct[c] != nil && c.Callee != nil && !c.Callee.External() {
					sites[c.Callee] = append(sites[c.Callee], c)
					own.owner[c] = f
				}
			}
		}
	}
	budget := maxMemberStmts
	localBudget := maxMemberStmts // localargs.go's splits, apart
	added := make(map[*ir.Function][]*ir.Function)
	var split []*ir.Function // the helpers split and their copies
	for _, f := range g.prog.Funcs {
		groups, localOnly := g.memberGroups(f, sites[f], own)
		if len(groups) < 2 || len(groups) > maxMemberGroups {
			continue
		}
		b := &budget
		if localOnly {
			b = &localBudget
		}
		closure := copyable(f)
		n := 0
		for _, h := range closure {
			n += stmtCount(h)
		}
		n *= len(groups) - 1
		if len(closure) == 0 || n > *b {
			continue
		}
		*b -= n
		split = append(split, f)
		for _, calls := range groups[1:] {
			copies := make(map[*ir.Function]*ir.Function, len(closure))
			for _, h := range closure {
				copies[h] = copyFunction(g.prog, h)
				added[h] = append(added[h], copies[h])
			}
			for _, c := range copies {
				redirectCalls(c, func(callee *ir.Function) *ir.Function { return copies[callee] })
			}
			for _, c := range calls {
				c.Callee = copies[f]
			}
			split = append(split, copies[f])
		}
	}
	if len(added) == 0 {
		return nil, false
	}
	// A closure may hold a copy made for an earlier helper (a call of the
	// helper already redirected to it): its copies follow it.
	funcs := make([]*ir.Function, 0, len(g.prog.Funcs))
	var with func(f *ir.Function)
	with = func(f *ir.Function) {
		funcs = append(funcs, f)
		for _, c := range added[f] {
			with(c)
		}
	}
	for _, f := range g.prog.Funcs {
		with(f)
	}
	g.prog.Funcs = funcs
	return g.constParamsOf(split, entries), true
}

// copyable returns f and the driver functions it calls, transitively,
// with pointer parameters (pointerCallees), leaving out those that call a
// registration function installing callbacks (split.go's registers: a
// copy would count its registration site twice), whose calls stay
// merged; nil when f itself does.
func copyable(f *ir.Function) []*ir.Function {
	var out []*ir.Function
	for _, h := range pointerCallees(f, nil) {
		if registers([]*ir.Function{h}) {
			if h == f {
				return nil
			}
			continue
		}
		out = append(out, h)
	}
	return out
}

// constParamsOf returns the parameters of fs that every call of theirs
// passes one constant to, for the functions of fs that only direct calls
// reach (not entry points or their copies, not address-taken).
func (g *graph) constParamsOf(fs []*ir.Function, entries map[*ir.Function]*ir.Function) map[*ir.Var]int64 {
	callers := make(map[*ir.Function][]*ir.Call)
	for _, f := range g.prog.Funcs {
		for _, b := range f.Blocks {
			for _, s := range b.Stmts {
				if c, ok := s.(*ir.Call); ok && c.Callee != nil {
					callers[c.Callee] = append(callers[c.Callee], c)
				}
			}
		}
	}
	indirect := make(map[*ir.Function]bool)
	for _, ep := range g.prog.EntryPoints {
		indirect[ep.Func] = true
	}
	for _, c := range entries {
		indirect[c] = true
	}
	consts := make(map[*ir.Var]int64)
	for _, f := range fs {
		if _, taken := g.fnNodes[f]; !taken && !indirect[f] {
			g.constArgs(f, callers[f], consts)
		}
	}
	return consts
}

// constArgs notes in consts the parameters of f that every one of calls
// (its only callers) passes the same integer constant.
func (g *graph) constArgs(f *ir.Function, calls []*ir.Call, consts map[*ir.Var]int64) {
	if len(calls) == 0 {
		return
	}
	for i, v := range f.Params {
		var val int64
		same := true
		for k, c := range calls {
			if i >= len(c.Args) {
				same = false
				break
			}
			l := g.linExpr(c.Args[i])
			if l.bot || l.s != 0 || (k > 0 && l.c != val) {
				same = false
				break
			}
			val = l.c
		}
		if same {
			consts[v] = val
		}
	}
}

// memberGroups returns the direct calls of f grouped by the members they
// pass in the parameters that some calls pass different members of one
// object in, and by whether they pass their caller's own object in the
// parameters that some calls pass one in and others shared memory
// (localargs.go) (program order, the first call's group first), or nil
// when there are no such parameters; localOnly: only the latter.
func (g *graph) memberGroups(f *ir.Function, calls []*ir.Call, own *ownArgs) (groups [][]*ir.Call, localOnly bool) {
	if len(calls) < 2 {
		return nil, false
	}
	localOnly = true
	var params []int
	locals := make(map[int]bool)
	for i, v := range f.Params {
		if !carries(v) {
			continue
		}
		members := g.differentMembers(calls, i)
		locals[i] = g.ownAndShared(calls, own, i)
		if members || locals[i] {
			params = append(params, i)
		}
		if members {
			locals[i] = false
			localOnly = false
		}
	}
	if len(params) == 0 {
		return nil, false
	}
	index := make(map[string]int)
	for _, c := range calls {
		key := g.callKey(c, params, locals, own)
		k, ok := index[key]
		if !ok {
			k = len(groups)
			index[key] = k
			groups = append(groups, nil)
		}
		groups[k] = append(groups[k], c)
	}
	return groups, localOnly
}

// callKey says which group call c goes to: per parameter of params, the
// member it passes, or for the parameters of locals whether it passes its
// caller's own object.
func (g *graph) callKey(c *ir.Call, params []int, locals map[int]bool, own *ownArgs) string {
	var key strings.Builder
	for _, i := range params {
		switch p := g.direct[c][i]; {
		case locals[i] && own.own(c, i):
			key.WriteString("own,")
		case locals[i]:
			key.WriteString("other,")
		case p != nil:
			r, off := p.resolve()
			fmt.Fprintf(&key, "%d:%d,", r.id, off)
		default:
			key.WriteString("-,")
		}
	}
	return key.String()
}

// differentMembers reports whether calls pass in argument i pointers to
// two offsets of one node that no array of the node holds both of
// (elements of one array are walkable from each other: copies would
// change nothing) and that is not collapsed.
func (g *graph) differentMembers(calls []*ir.Call, i int) bool {
	seen := make(map[*node][]int64)
	for _, c := range calls {
		args := g.direct[c]
		if i >= len(args) || args[i] == nil {
			continue
		}
		r, off := args[i].resolve()
		if r.collapsed() {
			continue
		}
		for _, o := range seen[r] {
			if o != off && !oneArray(r, min(o, off), max(o, off)) {
				return true
			}
		}
		seen[r] = append(seen[r], off)
	}
	return false
}

// oneArray reports whether some object type known at root r has one array
// holding raw offsets a and b.
func oneArray(r *node, a, b int64) bool {
	for _, f := range r.r.facts {
		if lo, hi, ok := innermostArray(f.t, a-f.off); ok && lo <= b-f.off && b-f.off < hi {
			return true
		}
	}
	return false
}
