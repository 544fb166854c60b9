package frontend

import (
	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/models"
)

// callbacksPass replaces each call of a kernel function of the models'
// synchronous-callback table (models.SyncCallbackFor) by what it does to
// the driver: it calls the callback, zero or more times, on the caller's
// thread, before it returns. So
//
//	ok = mc146818_avoid_UIP(cmos_read_alarm_callback, 10, &p)
//
// becomes a loop that may call cmos_read_alarm_callback(s, &p) (s
// arbitrary), and ok is arbitrary. The callback is then an ordinary callee,
// under the caller's locks, not an entry point of its own, and the local
// it gets is lent, not shared. A call whose argument count is not the
// row's arity, or whose callback is not a driver function with as many
// parameters as the row passes, is left as it was (an unknown kernel
// function: the callback is an entry point, which is sound).
func callbacksPass(st *state) error {
	if st.cfg.NoSyncCallbacks {
		return nil
	}
	tabs := findTables(st.prog)
	st.syncOnly = tabs.syncOnly(st.prog) // before the calls are gone
	for _, f := range st.prog.Funcs {
		if err := st.ctx.Err(); err != nil {
			return err
		}
		if !f.External() {
			syncCallbacks(f, tabs)
		}
	}
	return nil
}

// syncCallbacks rewrites the synchronous-callback calls of f.
func syncCallbacks(f *ir.Function, tabs *tables) {
	for bi := 0; bi < len(f.Blocks); bi++ {
		b := f.Blocks[bi]
		for k, s := range b.Stmts {
			c, ok := s.(*ir.Call)
			if !ok || c.Callee == nil || !c.Callee.External() {
				continue
			}
			row, ok := models.SyncCallbackFor(c.Callee.Name)
			if !ok || len(c.Args) != row.Arity {
				continue
			}
			cbs, ok := syncTargets(c, row)
			if row.Table != "" {
				cbs, ok = tabs.targets(c.Args[row.Fn], row)
			}
			if !ok {
				continue
			}
			expandSyncCallback(f, b, k, c, cbs, row)
			break // b now ends at the call; its rest is a new block, visited later
		}
	}
	f.ComputePreds()
}

// syncTargets returns the driver callbacks call c passes in the row's
// callback parameters (Fn, then Also), skipping NULLs. It reports false,
// and c is left alone, unless each is NULL or a driver function taking as
// many parameters as the row passes, and one at least is a function.
func syncTargets(c *ir.Call, row models.SyncCallback) ([]*ir.Function, bool) {
	var cbs []*ir.Function
	for _, p := range append([]int{row.Fn}, row.Also...) {
		if k, ok := c.Args[p].(*ir.Const); ok && k.Val == 0 {
			continue
		}
		cb, ok := c.Args[p].(*ir.Function)
		if !ok || cb.External() || len(cb.Params) != len(row.Args) {
			return nil, false
		}
		cbs = append(cbs, cb)
	}
	return cbs, len(cbs) > 0
}

// expandSyncCallback replaces statement k of b, call c, by
//
//	args := c's arguments the callbacks get; dst := arbitrary
//	loop: if nd { [if nd1] cb1(args); [if nd2] cb2(args); goto loop } else goto rest
//	rest: the statements after c, and b's terminator
//
// With several callbacks each is called or skipped per round, so they
// run in any order, any number of times.
func expandSyncCallback(f *ir.Function, b *ir.Block, k int, c *ir.Call, cbs []*ir.Function, row models.SyncCallback) {
	cb := cbs[0]
	pos := c.P
	rest := splitAt(f, b, k, "callback.done")
	args := make([]ir.Expr, len(row.Args))
	for i, a := range row.Args {
		v := f.NewLocal("cbarg", cb.Params[i].Kind, cb.Params[i].CType, pos)
		if a < 0 {
			b.Add(&ir.Havoc{Vars: []*ir.Var{v}, P: pos})
		} else {
			b.Add(&ir.Assign{Dst: v, Src: c.Args[a], P: pos})
		}
		args[i] = v
	}
	if c.Dst != nil {
		b.Add(&ir.Havoc{Vars: []*ir.Var{c.Dst}, P: pos})
	}
	head := f.NewBlock("callback.head")
	body := f.NewBlock("callback.call")
	b.Term = &ir.Jump{Target: head, P: pos}
	nd := f.NewLocal("again", ir.Bool, nil, pos)
	head.Add(&ir.Havoc{Vars: []*ir.Var{nd}, P: pos})
	head.Term = &ir.If{Cond: nd, Then: body, Else: rest, P: pos}
	if len(cbs) == 1 {
		body.Add(&ir.Call{Callee: cb, Args: args, P: pos}) // the kernel ignores what it returns
		body.Term = &ir.Jump{Target: head, P: pos}
		return
	}
	for _, cb := range cbs {
		call := f.NewBlock("callback.call")
		next := f.NewBlock("callback.next")
		pick := f.NewLocal("pick", ir.Bool, nil, pos)
		body.Add(&ir.Havoc{Vars: []*ir.Var{pick}, P: pos})
		body.Term = &ir.If{Cond: pick, Then: call, Else: next, P: pos}
		call.Add(&ir.Call{Callee: cb, Args: args, P: pos})
		call.Term = &ir.Jump{Target: next, P: pos}
		body = next
	}
	body.Term = &ir.Jump{Target: head, P: pos}
}
