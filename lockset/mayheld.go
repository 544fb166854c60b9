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
	n := len(f.locks)
	entry := make(map[*ir.Function][]bool)
	join := func(dst []bool, src []bool) bool {
		changed := false
		for i, v := range src {
			if v && !dst[i] {
				dst[i] = true
				changed = true
			}
		}
		return changed
	}
	var work []*ir.Function
	inWork := make(map[*ir.Function]bool)
	push := func(fn *ir.Function) {
		if !inWork[fn] {
			inWork[fn] = true
			work = append(work, fn)
		}
	}
	for fn, locks := range initial {
		st := entry[fn]
		if st == nil {
			st = make([]bool, n)
			entry[fn] = st
		}
		for _, l := range locks {
			st[l] = true
		}
	}
	for _, fn := range f.prog.Funcs {
		if !fn.External() {
			if entry[fn] == nil {
				entry[fn] = make([]bool, n)
			}
			push(fn)
		}
	}
	atSite := make(map[int][]bool)
	for len(work) > 0 {
		fn := work[0]
		work = work[1:]
		inWork[fn] = false
		in := make([][]bool, len(fn.Blocks))
		in[0] = append([]bool(nil), entry[fn]...)
		blockWork := []*ir.Block{fn.Blocks[0]}
		queued := make([]bool, len(fn.Blocks))
		queued[0] = true
		for len(blockWork) > 0 {
			b := blockWork[0]
			blockWork = blockWork[1:]
			queued[b.Index] = false
			st := append([]bool(nil), in[b.Index]...)
			for _, s := range b.Stmts {
				switch s := s.(type) {
				case *ir.Load, *ir.Store, *ir.Touch:
					id := ir.AccessOf(s).Site
					if atSite[id] == nil {
						atSite[id] = make([]bool, n)
					}
					join(atSite[id], st)
				case *ir.Call:
					for _, c := range s.Callees() {
						if !c.External() && join(entry[c], st) {
							push(c)
						}
					}
					if op, ok := f.callLock[s]; ok {
						f.applyMay(st, op)
					} else if s.Callee != nil && !s.Callee.External() {
						// Locks a callee may take stay possibly held after it.
						for _, l := range f.modLocks(s.Callee) {
							st[l] = true
						}
					}
				}
			}
			for _, succ := range b.Term.Succs() {
				first := in[succ.Index] == nil
				if first {
					in[succ.Index] = make([]bool, n)
				}
				if (join(in[succ.Index], st) || first) && !queued[succ.Index] {
					queued[succ.Index] = true
					blockWork = append(blockWork, succ)
				}
			}
		}
	}
	return atSite
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
