package lockset

import (
	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/models"
)

// mayHeld computes, for every access site, the locks that may be held when
// it runs: a forward may-analysis within functions, with a function's entry
// state the union of its call sites' states and of the entry points'
// initial locks (context-insensitive). Publication pseudo-locks are not
// included; relevantLocks adds them.
//
// It only decides which locks the ghost state records per region. A lock
// left out is treated as never held there, which can only add reports, so
// the analysis cannot hide a race.
func (f *facts) mayHeld(initial map[*ir.Function][]int) map[int][]bool {
	a := &mayAnalysis{f: f, n: len(f.locks), entry: make(map[*ir.Function][]bool),
		inWork: make(map[*ir.Function]bool), atSite: make(map[int][]bool)}
	for fn, locks := range initial {
		st := a.entry[fn]
		if st == nil {
			st = make([]bool, a.n)
			a.entry[fn] = st
		}
		for _, l := range locks {
			st[l] = true
		}
	}
	for _, fn := range f.prog.Funcs {
		if !fn.External() {
			if a.entry[fn] == nil {
				a.entry[fn] = make([]bool, a.n)
			}
			a.push(fn)
		}
	}
	for len(a.work) > 0 {
		fn := a.work[0]
		a.work = a.work[1:]
		a.inWork[fn] = false
		a.function(fn)
	}
	return a.atSite
}

// mayAnalysis is mayHeld's state: the functions' entry states, the
// functions whose entry state grew, and the result.
type mayAnalysis struct {
	f      *facts
	n      int // locks
	entry  map[*ir.Function][]bool
	work   []*ir.Function
	inWork map[*ir.Function]bool
	atSite map[int][]bool
}

func (a *mayAnalysis) push(fn *ir.Function) {
	if !a.inWork[fn] {
		a.inWork[fn] = true
		a.work = append(a.work, fn)
	}
}

// function runs the analysis over fn's blocks from its entry state.
func (a *mayAnalysis) function(fn *ir.Function) {
	in := make([][]bool, len(fn.Blocks))
	in[0] = append([]bool(nil), a.entry[fn]...)
	blockWork := []*ir.Block{fn.Blocks[0]}
	queued := make([]bool, len(fn.Blocks))
	queued[0] = true
	for len(blockWork) > 0 {
		b := blockWork[0]
		blockWork = blockWork[1:]
		queued[b.Index] = false
		st := append([]bool(nil), in[b.Index]...)
		for _, s := range b.Stmts {
			a.stmt(st, s)
		}
		for _, succ := range b.Term.Succs() {
			first := in[succ.Index] == nil
			if first {
				in[succ.Index] = make([]bool, a.n)
			}
			if (joinMay(in[succ.Index], st) || first) && !queued[succ.Index] {
				queued[succ.Index] = true
				blockWork = append(blockWork, succ)
			}
		}
	}
}

// stmt records st at an access and applies s's lock effects to st.
func (a *mayAnalysis) stmt(st []bool, s ir.Stmt) {
	switch s := s.(type) {
	case *ir.Load, *ir.Store, *ir.Touch:
		ops := a.f.storeLock[s]
		if ops.before != nil {
			a.f.applyMay(st, a.f.callLock[ops.before])
		}
		id := ir.AccessOf(s).Site
		if a.atSite[id] == nil {
			a.atSite[id] = make([]bool, a.n)
		}
		joinMay(a.atSite[id], st)
		if ops.after != nil {
			a.f.applyMay(st, a.f.callLock[ops.after])
		}
	case *ir.Call:
		for _, c := range s.Callees() {
			if !c.External() && joinMay(a.entry[c], st) {
				a.push(c)
			}
		}
		if op, ok := a.f.callLock[s]; ok {
			a.f.applyMay(st, op)
		} else if s.Callee != nil && !s.Callee.External() {
			// Locks a callee may take stay possibly held after it.
			for _, l := range a.f.modLocks(s.Callee) {
				st[l] = true
			}
		}
	}
}

// joinMay adds src's locks to dst and reports whether dst grew.
func joinMay(dst []bool, src []bool) bool {
	changed := false
	for i, v := range src {
		if v && !dst[i] {
			dst[i] = true
			changed = true
		}
	}
	return changed
}

func (f *facts) applyMay(st []bool, op lockOp) {
	if op.lock < 0 {
		return // an unidentified acquire protects nothing; a release only removes
	}
	switch op.api.Op {
	case models.Acquire:
		st[op.lock] = true
	case models.Release:
		st[op.lock] = false
	}
}
