package entry

import (
	"path/filepath"
	"strconv"
	"strings"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/models"
)

// runsTwice adds to facts.Repeated the entry points a NeedSingle rule
// would keep apart from themselves (an interrupt handler, a timer, a work
// item, a kernel thread, ...) that are registered in a driver function
// that may run twice at once with no second device: a function reached
// (through direct calls) from an entry point whose pair with itself is
// concurrent (a file operation: two opens each start a thread, arm a timer
// of their own), or from two entry points that may run at the same time.
// Module init and exit, probe and remove run once per device whatever
// their pairs say (ir.RoleInit, ir.RoleExit of a table row).
//
// A site that registers the same instance each time (sameInstance: a
// timer in a global, a constant interrupt line) makes no second one. A
// callback registered by a callback stays single while that callback is:
// a timer function that sets up its own timer again runs once at a time,
// and so does what it registers. Marking one entry point can make
// another's pair with itself concurrent, so the marking repeats until
// nothing changes (it only adds).
//
// A registration run again only after an earlier run returned (a work
// function that starts a thread each time it runs) or reached only
// through a function pointer counts once.
func runsTwice(prog *ir.Program, eps []*ir.EntryPoint, sitesOf func(*ir.EntryPoint) []Site, facts *models.Facts) {
	var single []models.Rule
	for _, r := range models.Rules() {
		if r.Needs == models.NeedSingle && r.SameEntry {
			single = append(single, r)
		}
	}
	var cands []*ir.EntryPoint
	for _, ep := range eps {
		if !facts.Repeated[ep] && needsSingle(ep, single, *facts) {
			cands = append(cands, ep)
		}
	}
	if len(cands) == 0 {
		return
	}
	callers := map[*ir.Function][]*ir.Function{}
	for _, f := range prog.Funcs {
		seen := map[*ir.Function]bool{}
		for _, b := range f.Blocks {
			for _, st := range b.Stmts {
				if c, ok := st.(*ir.Call); ok && c.Callee != nil && !c.Callee.External() && !seen[c.Callee] {
					seen[c.Callee] = true
					callers[c.Callee] = append(callers[c.Callee], f)
				}
			}
		}
	}
	// reachedFrom lists, in eps order, the entry points whose functions
	// reach f through direct calls (f's own included).
	reached := map[*ir.Function][]*ir.EntryPoint{}
	reachedFrom := func(f *ir.Function) []*ir.EntryPoint {
		if r, ok := reached[f]; ok {
			return r
		}
		in := map[*ir.Function]bool{f: true}
		for work := []*ir.Function{f}; len(work) > 0; {
			g := work[len(work)-1]
			work = work[:len(work)-1]
			for _, c := range callers[g] {
				if !in[c] {
					in[c] = true
					work = append(work, c)
				}
			}
		}
		var r []*ir.EntryPoint
		for _, ep := range eps {
			if in[ep.Func] {
				r = append(r, ep)
			}
		}
		reached[f] = r
		return r
	}
	for changed := true; changed; {
		changed = false
		for _, ep := range cands {
			if facts.Repeated[ep] {
				continue
			}
			for _, st := range sitesOf(ep) {
				if st.In == nil || sameInstance(ep, st) {
					continue
				}
				if why := twiceAtOnce(st.In, reachedFrom(st.In), *facts); why != "" {
					facts.Repeated[ep] = true
					facts.RepeatedWhy[ep] = registration(st) + ", " + why
					changed = true
					break
				}
			}
		}
	}
}

// sameInstance reports whether every run of site st registers the same
// instance of ep, so that running it twice at once makes no second one: a
// hard interrupt handler on a constant line (the handlers of one line run
// one after another), a timer, work item, tasklet or NAPI context in a
// global (one object in the whole kernel; a second setup_timer or
// INIT_WORK sets up the same one again). A kernel thread is a new one
// each time.
func sameInstance(ep *ir.EntryPoint, st Site) bool {
	switch ep.Role {
	case ir.RoleIRQ:
		return strings.HasPrefix(st.Object, "irq ")
	case ir.RoleTimer, ir.RoleWork, ir.RoleTasklet, ir.RoleNAPI:
		return strings.HasPrefix(st.Object, "global ")
	}
	return false
}

// needsSingle reports whether one of the NeedSingle rules may keep ep
// apart from itself.
func needsSingle(ep *ir.EntryPoint, single []models.Rule, facts models.Facts) bool {
	for _, r := range single {
		if r.A.Matches(ep, facts) {
			return true
		}
	}
	return false
}

// twiceAtOnce says why driver function f, reached from the entry points
// from, may run twice at the same time, or "".
func twiceAtOnce(f *ir.Function, from []*ir.EntryPoint, facts models.Facts) string {
	for _, e := range from {
		if lifecycle(e) {
			continue
		}
		if _, ok := models.Serialised(e, e, facts); !ok {
			if e.Func == f {
				return "which may run concurrently with itself"
			}
			return "reached from " + e.Name() + ", which may run concurrently with itself"
		}
	}
	for i, a := range from {
		for _, b := range from[i+1:] {
			if _, ok := models.Serialised(a, b, facts); !ok {
				return "reached from " + a.Name() + " and " + b.Name() + ", which may run at the same time"
			}
		}
	}
	return ""
}

// lifecycle reports whether ep is module init or exit, or a bus probe or
// remove of the tables: it runs once per device.
func lifecycle(ep *ir.EntryPoint) bool {
	return !ep.Guessed && (ep.Role == ir.RoleInit || ep.Role == ir.RoleExit)
}

// registration names a run-time registration site by its API, file name
// and line: "kthread_run at drv.c:17 in dev_open".
func registration(st Site) string {
	what := "a store"
	if st.API != "" {
		what = st.API
		if api, ok := models.Registration(st.API); ok && api.Macro != "" {
			what = api.Macro
		}
	}
	s := what + " at " + shortPos(st.Pos)
	if st.In != nil {
		s += " in " + st.In.Name
	}
	return s
}

func shortPos(p ir.Pos) string { return filepath.Base(p.File) + ":" + strconv.Itoa(p.Line) }
