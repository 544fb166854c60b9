package lockset

import (
	"slices"
	"strings"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/models"
)

// Classes a file's release withdraws are quiet at module exit. Module
// exit runs only once no file of an owned file_operations is open (rule
// module-ref), so every open that succeeded has had its release run to
// the end (__fput calls ->release once per file whose open returned 0,
// fs/file_table.c). When a class's only publisher is such an open, which
// makes the class's one object callable only on the paths where it
// returns 0 (the registration's own result, failed-registration), and the
// file's release withdraws it with a waiting call on every path (tlclk.c:
// tlclk_open's request_irq, tlclk_release's free_irq), no callback of the
// class runs or can start when module exit starts: exit holds the class's
// "unpublished" pseudo-lock from its entry, and a withdrawal it makes of
// a class that class's callbacks publish (del_timer_sync of the timer the
// interrupt handler arms) counts (withdrawalGuard).

// quietAtExit returns the "unpublished" pseudo-locks module exit ep holds
// on entry (above), sorted.
func (in *instrumenter) quietAtExit(ep *ir.EntryPoint) []int {
	if !in.f.exitQuiet || ep.Role != ir.RoleExit || !models.IsModuleLevel(ep) || in.f.env.pinned == nil ||
		!in.f.failedPublishesNothing {
		return nil
	}
	var out []int
	for _, c := range sortedKeys(in.unpub) {
		if in.quietClass(ep, c) {
			out = append(out, in.unpub[c])
		}
	}
	return out
}

// quietClass reports whether class c is quiet when module exit ep starts.
func (in *instrumenter) quietClass(ep *ir.EntryPoint, c string) bool {
	co := in.objects[c]
	if co == nil || models.NamedOnly(c) || len(in.publishers[c]) == 0 {
		return false
	}
	for _, p := range in.publishers[c] {
		if in.f.env.entryClass(p) == c {
			continue // its own callbacks: they run only while it is published
		}
		if p.Field != "open" || !in.f.env.pinned(ep, p) {
			return false
		}
		pub := in.opensOnSuccess(p, c)
		rel := in.releaseOf(p)
		if pub == nil || rel == nil {
			return false
		}
		// One object: any waiting withdrawal stops it. Several (an open
		// may run twice at once): the release must withdraw what its
		// open published, named by the same unchanging arguments.
		match := func(*ir.Call) bool { return true }
		if !co.single {
			if in.publicationsOf(c) != 1 {
				return false
			}
			match = func(wd *ir.Call) bool { return in.sameObjectArgs(pub, wd) }
		}
		if !in.withdrawnOnEveryPath(rel.Func, c, match) {
			return false
		}
	}
	return true
}

// publicationsOf counts the calls that publish class c.
func (in *instrumenter) publicationsOf(c string) int {
	n := 0
	for _, call := range in.f.regCalls {
		if op := in.f.callReg[call]; !op.unregister && slices.Contains(op.classes(), c) {
			n++
		}
	}
	return n
}

// sameObjectArgs reports whether withdrawal wd names the object
// publication pub made: its instance and object arguments read as pub's
// (free_irq(telclk_interrupt, tlclk_interrupt) after request_irq(
// telclk_interrupt, &tlclk_interrupt, ...)), each a constant, a function
// or a global variable that only module init writes.
func (in *instrumenter) sameObjectArgs(pub, wd *ir.Call) bool {
	rp, _ := models.Registration(pub.Callee.Name)
	rw, _ := models.Registration(wd.Callee.Name)
	if len(rp.Instance) != len(rw.Instance) || rp.Object < 0 || rw.Object < 0 {
		return false
	}
	pairs := [][2]int{{rp.Object, rw.Object}}
	for i := range rp.Instance {
		pairs = append(pairs, [2]int{rp.Instance[i], rw.Instance[i]})
	}
	for _, a := range pairs {
		tp := strings.TrimPrefix(strings.Join(strings.Fields(in.f.prog.CallArgText(pub, a[0])), ""), "&")
		tw := strings.TrimPrefix(strings.Join(strings.Fields(in.f.prog.CallArgText(wd, a[1])), ""), "&")
		if tp == "" || tp != tw || !in.unchanging(tp) {
			return false
		}
	}
	return true
}

// unchanging reports whether argument text t names the same value
// whenever a file operation runs: a number, NULL, a function, or a global
// variable no entry point but module init writes.
func (in *instrumenter) unchanging(t string) bool {
	if t == "NULL" || strings.Trim(t, "0123456789") == "" {
		return true
	}
	for _, fn := range in.f.prog.Funcs {
		if fn.Name == t {
			return true
		}
	}
	var obj *ir.Object
	for _, o := range in.f.prog.Objects {
		if o.Name == t && o.Kind == ir.GlobalObj {
			obj = o
		}
	}
	if obj == nil {
		return false
	}
	for _, ep := range in.f.prog.EntryPoints {
		if ep.Role == ir.RoleInit && models.IsModuleLevel(ep) {
			continue
		}
		for _, g := range in.f.reach(ep.Func) {
			for _, b := range g.Blocks {
				for _, st := range b.Stmts {
					if writesObject(st, obj) {
						return false
					}
				}
			}
		}
	}
	return true
}

// writesObject reports whether st stores into global obj, or may (a
// helper's write at an address based on it).
func writesObject(st ir.Stmt, obj *ir.Object) bool {
	var addr ir.Expr
	switch s := st.(type) {
	case *ir.Store:
		addr = s.Addr
	case *ir.Touch:
		if !s.Write {
			return false
		}
		addr = s.Addr
	default:
		return false
	}
	for range 8 {
		switch a := addr.(type) {
		case *ir.Object:
			return a == obj
		case *ir.Binary:
			addr = a.X
		default:
			return false
		}
	}
	return false
}

// releaseOf returns the release of open p's ops variable, or nil.
func (in *instrumenter) releaseOf(p *ir.EntryPoint) *ir.EntryPoint {
	for _, r := range in.f.prog.EntryPoints {
		if r.Field == "release" && r.Struct == p.Struct && r.Var == p.Var && r.Var != "" {
			return r
		}
	}
	return nil
}

// opensOnSuccess returns the one call in open p's own body that publishes
// class c, when it is a registration that returns 0 or a negative errno
// (models.RegAPI.Errno) and publishes only when it returns 0, and p
// returns that call's result on every path after it, unchanged: p
// returns 0 only where it published, and where it returns an error
// nothing of it stays. nil otherwise.
func (in *instrumenter) opensOnSuccess(p *ir.EntryPoint, c string) *ir.Call {
	var pub *ir.Call
	for _, g := range in.f.reach(p.Func) {
		for _, b := range g.Blocks {
			for _, st := range b.Stmts {
				call, ok := st.(*ir.Call)
				if !ok {
					continue
				}
				if op, ok := in.f.callReg[call]; ok && !op.unregister && slices.Contains(op.classes(), c) {
					if pub != nil || g != p.Func {
						return nil
					}
					pub = call
				}
			}
		}
	}
	if pub == nil || pub.Dst == nil || !errnoResult(pub).Errno || !returnsResult(p.Func, pub) {
		return nil
	}
	return pub
}

// returnsResult reports whether every path of fn from call on returns
// call.Dst, which nothing after the call redefines.
func returnsResult(fn *ir.Function, call *ir.Call) bool {
	d := call.Dst
	var start *ir.Block
	after := 0
	for _, b := range fn.Blocks {
		if i := slices.Index(b.Stmts, ir.Stmt(call)); i >= 0 {
			start, after = b, i+1
		}
	}
	if start == nil {
		return false
	}
	seen := map[*ir.Block]bool{}
	work := []*ir.Block{start}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		from := 0
		if b == start && !seen[b] {
			from = after
		}
		if seen[b] && b != start {
			continue
		}
		if b == start && seen[b] {
			from = 0 // reached again by a cycle: all of it
		}
		seen[b] = true
		for _, st := range b.Stmts[from:] {
			if slices.Contains(ir.StmtDefs(st), d) {
				return false
			}
		}
		switch t := b.Term.(type) {
		case *ir.Return:
			if v, ok := t.Val.(*ir.Var); !ok || v != d {
				return false
			}
		case nil:
			return false
		default:
			for _, s := range t.Succs() {
				if s != nil && (!seen[s] || s == start) {
					work = append(work, s)
				}
			}
		}
	}
	return true
}

// withdrawnOnEveryPath reports whether every path of fn from its entry to
// a return runs, in fn's own body, a waiting withdrawal of class c that
// match accepts.
func (in *instrumenter) withdrawnOnEveryPath(fn *ir.Function, c string, match func(*ir.Call) bool) bool {
	if len(fn.Blocks) == 0 {
		return false
	}
	withdraws := func(b *ir.Block) bool {
		for _, st := range b.Stmts {
			if call, ok := st.(*ir.Call); ok {
				if op, ok := in.f.callReg[call]; ok && op.unregister && op.class == c && match(call) {
					return true
				}
			}
		}
		return false
	}
	seen := map[*ir.Block]bool{}
	work := []*ir.Block{fn.Blocks[0]}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[b] || withdraws(b) {
			continue
		}
		seen[b] = true
		if b.Term == nil {
			return false
		}
		if _, ok := b.Term.(*ir.Return); ok {
			return false
		}
		for _, s := range b.Term.Succs() {
			if s != nil {
				work = append(work, s)
			}
		}
	}
	return true
}
