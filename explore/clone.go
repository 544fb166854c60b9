package explore

import (
	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/models"
)

// cloner translates one original function into its clone for one thread at
// one recursion depth: loops unrolled (each activation follows at most
// unroll retreating edges, then the thread stops with the bound flag set),
// memory accesses dispatched to the thread's current round, frame objects
// allocated at explicit addresses, nondeterminism read from the thread's
// oracle, lock calls given the lock table's semantics, and a yield (with a
// race check) at each yield point.
type cloner struct {
	s      *seq
	key    cloneKey
	src    *ir.Function
	dst    *ir.Function
	vars   map[*ir.Var]*ir.Var
	frame  map[*ir.Object]*ir.Var
	blocks map[[2]int]*ir.Block
	work   [][2]int
	halt   *ir.Block
	// guarded: within the block being translated, the base variables of
	// addresses already assumed outside the NULL page, with the smallest
	// offset assumed (deref).
	guarded map[*ir.Var]int64
	// atomics are src's atomic calls and their effect points; atomicRet
	// holds what each returns once its effect has run (atomics.go).
	atomics   map[ir.Stmt]*atomicSite
	atomicRet map[*ir.Call]*ir.Var
}

func (s *seq) cloneBody(job cloneJob) {
	src, dst, t := job.key.f, job.dst, job.key.thread
	c := &cloner{s: s, key: job.key, src: src, dst: dst,
		vars: make(map[*ir.Var]*ir.Var), frame: make(map[*ir.Object]*ir.Var), blocks: make(map[[2]int]*ir.Block),
		atomics: atomicSites(src), atomicRet: make(map[*ir.Call]*ir.Var)}
	for _, v := range src.Params {
		c.vars[v] = dst.NewParam(v.Name, v.Kind, v.CType, v.Pos)
	}
	for _, v := range src.Locals {
		c.vars[v] = dst.NewLocal(v.Name, v.Kind, v.CType, v.Pos)
	}
	if src.Ret != nil {
		c.vars[src.Ret] = dst.NewRet(src.Ret.Name, src.Ret.Kind, src.Ret.CType)
	}
	entry := dst.NewBlock("enter " + src.Name)
	// The kernel passes values of the parameters' types (the harness's
	// arguments are arbitrary; a caller's are converted already).
	for _, v := range src.Params {
		c.assumeRange(entry, c.vars[v], nil, src.Pos)
	}
	for _, o := range src.Frame {
		a := dst.NewLocal("&"+o.Name, ir.Int, nil, o.Pos)
		c.frame[o] = a
		entry.Add(&ir.Assign{Dst: a, Src: s.allocExpr(t, false), P: src.Pos})
		entry.Add(&ir.Assign{Dst: s.alloc[t], Src: ir.Bin(ir.OpAdd, s.alloc[t], ir.IntConst(1)), P: src.Pos})
	}
	entry.Term = &ir.Jump{Target: c.block(0, 0), P: src.Pos}
	for len(c.work) > 0 {
		k := c.work[0]
		c.work = c.work[1:]
		c.translate(src.Blocks[k[0]], k[1])
	}
	dst.ComputePreds()
}

// block returns the clone of original block i in unrolling layer l.
func (c *cloner) block(i, l int) *ir.Block {
	k := [2]int{i, l}
	if b, ok := c.blocks[k]; ok {
		return b
	}
	b := c.dst.NewBlock(c.src.Blocks[i].Comment)
	c.blocks[k] = b
	c.work = append(c.work, k)
	return b
}

// stop returns the block that ends the thread because a bound was hit.
func (c *cloner) stop() *ir.Block {
	if c.halt == nil {
		c.s.cuts++
		c.halt = c.dst.NewBlock("bound hit: the thread stops")
		c.halt.Add(&ir.Assign{Dst: c.s.bound, Src: ir.True, P: c.src.Pos})
		c.halt.Term = c.end(c.halt, c.src.Pos, true)
	}
	return c.halt
}

// end stops the thread at the end of b (cut: at a bound): a pair's thread
// stops there, and what it did still counts. A setup cut at its bound
// counts as having made the publications it may make (protocol.go); one
// that stops otherwise (a noreturn call) is no execution.
func (c *cloner) end(b *ir.Block, pos ir.Pos, cut bool) ir.Terminator {
	if c.key.thread == initThread && !cut {
		b.Add(&ir.Assume{Cond: ir.False, P: pos})
		return &ir.Return{P: pos}
	}
	if c.key.thread == initThread {
		for _, u := range c.s.setupPublished() {
			c.store(b, c.s.flags, &ir.Access{Size: 8, P: pos, LValue: "setup cut"}, ir.IntConst(callableCell(u)), ir.IntConst(cellPublished))
		}
	}
	return &ir.Return{Halt: true, P: pos}
}

// target is the clone of edge from -> to leaving layer l.
func (c *cloner) target(from, to *ir.Block, l int) *ir.Block {
	if c.s.retreating(c.src)[[2]int{from.Index, to.Index}] {
		if l+1 > c.s.unrollOf(c.key.thread, c.key.quiet) {
			return c.stop()
		}
		return c.block(to.Index, l+1)
	}
	return c.block(to.Index, l)
}

func (c *cloner) translate(b *ir.Block, l int) {
	cur := c.blocks[[2]int{b.Index, l}]
	c.guarded = make(map[*ir.Var]int64)
	for _, st := range b.Stmts {
		cur = c.stmt(cur, st)
		for _, v := range ir.StmtDefs(st) {
			delete(c.guarded, v)
		}
	}
	switch t := b.Term.(type) {
	case *ir.Jump:
		cur.Term = &ir.Jump{Target: c.target(b, t.Target, l), P: t.P}
	case *ir.If:
		cur.Term = &ir.If{Cond: c.expr(t.Cond), Then: c.target(b, t.Then, l), Else: c.target(b, t.Else, l), P: t.P}
	case *ir.Return:
		var v ir.Expr
		if t.Val != nil {
			v = c.expr(t.Val)
		} else if c.src.Ret != nil {
			// A return without a value from a function with one: the
			// oracle says what the caller sees, so the replay knows it.
			r := c.v(c.src.Ret)
			c.oracle(cur, r, t.P)
			v = r
		}
		cur.Term = &ir.Return{Val: v, P: t.P}
	default: // unreachable (after a noreturn call): the thread stops here
		cur.Term = c.end(cur, t.Pos(), false)
	}
}

func (c *cloner) v(x *ir.Var) *ir.Var {
	if x == nil || x.Func == nil {
		return x
	}
	if n, ok := c.vars[x]; ok {
		return n
	}
	c.s.fail("%s: variable %s of another function", c.src.Name, x.Name)
	return c.dst.NewLocal(x.Name, x.Kind, x.CType, x.Pos)
}

func (c *cloner) expr(e ir.Expr) ir.Expr {
	switch e := e.(type) {
	case *ir.Var:
		return c.v(e)
	case *ir.Object:
		if a, ok := c.frame[e]; ok {
			return a
		}
		if e.Kind == ir.LocalObj {
			c.s.fail("%s: frame object %s of another function", c.src.Name, e.Name)
		}
		return e
	case *ir.Unary:
		return &ir.Unary{Op: e.Op, X: c.expr(e.X)}
	case *ir.Binary:
		return &ir.Binary{Op: e.Op, X: c.expr(e.X), Y: c.expr(e.Y)}
	case *ir.Ite:
		return &ir.Ite{Cond: c.expr(e.Cond), Then: c.expr(e.Then), Else: c.expr(e.Else)}
	case *ir.Old:
		c.s.fail("%s: old() in a body", c.src.Name)
	}
	return e
}

func (c *cloner) tmp(name string, k ir.Kind) *ir.Var { return c.dst.NewLocal(name, k, nil, ir.Pos{}) }

// oracle emits dst := the thread's next oracle value.
func (c *cloner) oracle(b *ir.Block, dst *ir.Var, pos ir.Pos) {
	t := c.key.thread
	if dst.Kind == ir.Bool {
		x := c.tmp("oracle", ir.Int)
		c.oracle(b, x, pos)
		b.Add(&ir.Assign{Dst: dst, Src: ir.Bin(ir.OpNe, x, ir.IntConst(0)), P: pos})
		return
	}
	b.Add(&ir.Load{Dst: dst, Access: ir.Access{Addr: c.s.cnt[t], Size: 8, Region: c.s.oracle[t], Site: c.s.newSite(), P: pos, LValue: "oracle"}})
	b.Add(&ir.Assign{Dst: c.s.cnt[t], Src: ir.Bin(ir.OpAdd, c.s.cnt[t], ir.IntConst(1)), P: pos})
	c.fitVar(b, dst, nil, pos)
}

// load emits dst := the cell at addr of (the thread's current round of)
// region r.
func (c *cloner) load(b *ir.Block, r *ir.Region, acc *ir.Access, addr ir.Expr, dst *ir.Var) {
	copies := c.s.copies[r]
	t := c.key.thread
	one := func(reg *ir.Region, d *ir.Var) {
		a := *acc
		a.Addr, a.Region, a.Site, a.Len = addr, reg, c.s.newSite(), nil
		if a.Size <= 0 {
			a.Size = 1
		}
		b.Add(&ir.Load{Dst: d, Access: a})
	}
	c.zeroedLoad(b, r, acc, addr)
	if len(copies) == 1 || t == initThread {
		one(copies[0], dst)
		return
	}
	var val ir.Expr
	for i := len(copies) - 1; i >= 0; i-- {
		x := c.tmp("round", ir.Int)
		one(copies[i], x)
		if val == nil {
			val = x
		} else {
			val = &ir.Ite{Cond: ir.Eq(c.s.rnd[t], ir.IntConst(int64(i))), Then: x, Else: val}
		}
	}
	b.Add(&ir.Assign{Dst: dst, Src: val, P: acc.P})
}

// store emits the cell at addr of the current round of r := val; a write
// to the checked region also counts in its version.
func (c *cloner) store(b *ir.Block, r *ir.Region, acc *ir.Access, addr, val ir.Expr) {
	c.storeCell(b, r, acc, addr, val)
	if vr, ok := c.s.versions[r]; ok {
		v := c.tmp("version", ir.Int)
		c.load(b, vr, acc, addr, v)
		c.storeCell(b, vr, acc, addr, ir.Bin(ir.OpAdd, v, ir.IntConst(writeStep(acc.Mode, c.key.quiet))))
	}
}

func (c *cloner) storeCell(b *ir.Block, r *ir.Region, acc *ir.Access, addr, val ir.Expr) {
	copies := c.s.copies[r]
	t := c.key.thread
	one := func(reg *ir.Region, v ir.Expr) {
		a := *acc
		a.Addr, a.Region, a.Site, a.Len, a.RMW = addr, reg, c.s.newSite(), nil, false
		if a.Size <= 0 {
			a.Size = 1
		}
		b.Add(&ir.Store{Val: v, Access: a})
	}
	if len(copies) == 1 || t == initThread {
		one(copies[0], val)
		return
	}
	for i, reg := range copies {
		old := c.tmp("keep", ir.Int)
		a := *acc
		a.Addr, a.Region, a.Site, a.Len = addr, reg, c.s.newSite(), nil
		if a.Size <= 0 {
			a.Size = 1
		}
		b.Add(&ir.Load{Dst: old, Access: a})
		one(reg, &ir.Ite{Cond: ir.Eq(c.s.rnd[t], ir.IntConst(int64(i))), Then: val, Else: old})
	}
}

// yield emits a possible context switch; with a check, the race test of
// the cell at addr of r against the value just read or written.
func (c *cloner) yield(b *ir.Block, yp yieldPoint, r *ir.Region, acc *ir.Access, addr, val ir.Expr, pos ir.Pos) {
	t := c.key.thread
	if t == initThread || c.key.quiet {
		return
	}
	var ver *ir.Var
	if yp.Check {
		ver = c.tmp("version", ir.Int)
		c.load(b, c.s.versions[r], acc, addr, ver)
	}
	o := c.tmp("switch", ir.Int)
	c.oracle(b, o, pos)
	sw := c.tmp("switched", ir.Bool)
	b.Add(&ir.Assign{Dst: sw, Src: ir.And(ir.Bin(ir.OpNe, o, ir.IntConst(0)),
		ir.Bin(ir.OpLt, c.s.rnd[t], ir.IntConst(int64(c.s.sh.rounds-1)))), P: pos})
	b.Add(&ir.Assign{Dst: c.s.rnd[t], Src: &ir.Ite{Cond: sw, Then: ir.Bin(ir.OpAdd, c.s.rnd[t], ir.IntConst(1)), Else: c.s.rnd[t]}, P: pos})
	if !yp.Check {
		return
	}
	now := c.tmp("now", ir.Int)
	c.load(b, r, acc, addr, now)
	nowVer := c.tmp("version", ir.Int)
	c.load(b, c.s.versions[r], acc, addr, nowVer)
	fail := c.tmp("race", ir.Bool)
	// After a plain access any write by the other thread races; after a
	// marked one only a plain write does (two marked accesses never race).
	// An opener's writes do not count (they leave the version alone,
	// writeStep), nor does the value they leave: that race is the
	// opener's, not the other thread's entry point's.
	changed := ir.Or(ir.Bin(ir.OpNe, now, val), ir.Bin(ir.OpNe, nowVer, ver))
	if c.s.openers() {
		changed = ir.Bin(ir.OpNe, nowVer, ver)
	}
	if !yp.Plain {
		changed = ir.Bin(ir.OpNe, ir.Bin(ir.OpRem, ir.Bin(ir.OpSub, nowVer, ver), ir.IntConst(markedWrite)), ir.IntConst(0))
	}
	b.Add(&ir.Assign{Dst: fail, Src: ir.And(sw, changed), P: pos})
	b.Add(&ir.Assign{Dst: c.s.site, Src: &ir.Ite{Cond: ir.And(fail, ir.Not(c.s.race)), Then: ir.IntConst(int64(yp.Site)), Else: c.s.site}, P: pos})
	b.Add(&ir.Assign{Dst: c.s.race, Src: ir.Or(c.s.race, fail), P: pos})
}

// stmt translates one statement into cur and returns the block where
// translation continues.
func (c *cloner) stmt(cur *ir.Block, st ir.Stmt) *ir.Block {
	yp, isYield := c.s.sh.yields[st]
	if c.key.quiet {
		yp.Check = false // an opener's race is not the entry point's
	}
	switch st := st.(type) {
	case *ir.Assign:
		cur.Add(&ir.Assign{Dst: c.v(st.Dst), Src: c.expr(st.Src), P: st.P})
	case *ir.Havoc:
		for _, v := range st.Vars {
			c.oracle(cur, c.v(v), st.P)
		}
	case *ir.Assume:
		cur.Add(&ir.Assume{Cond: c.expr(st.Cond), P: st.P})
	case *ir.Assert, *ir.Equate:
	case *ir.Load:
		addr := c.addrVar(cur, st.Addr, st.P)
		c.deref(cur, st.Addr, addr, st.P)
		dst := c.v(st.Dst)
		c.load(cur, st.Region, &st.Access, addr, dst)
		c.assumeRange(cur, dst, nil, st.P)
		c.tieLoad(cur, st, dst)
		if isYield {
			val := c.tmp("seen", ir.Int)
			cur.Add(&ir.Assign{Dst: val, Src: dst, P: st.P})
			c.yield(cur, yp, st.Region, &st.Access, addr, val, st.P)
		}
	case *ir.Store:
		addr := c.addrVar(cur, st.Addr, st.P)
		c.deref(cur, st.Addr, addr, st.P)
		val := c.tmp("stored", ir.Int)
		cur.Add(&ir.Assign{Dst: val, Src: c.expr(st.Val), P: st.P})
		c.store(cur, st.Region, &st.Access, addr, val)
		c.noteLink(cur, st, val)
		if isYield {
			c.yield(cur, yp, st.Region, &st.Access, addr, val, st.P)
		}
	case *ir.Touch:
		addr := c.addrVar(cur, st.Addr, st.P)
		c.deref(cur, st.Addr, addr, st.P)
		if site := c.atomics[st]; site != nil && site.at == st {
			word := c.atomicEffect(cur, site, addr, &st.Access)
			if isYield {
				val := c.tmp("seen", ir.Int)
				c.load(cur, st.Region, &st.Access, word, val)
				c.yield(cur, yp, st.Region, &st.Access, word, val, st.P)
			}
			return cur
		}
		if st.Write {
			cs, n := touchCells(&st.Access)
			for k := range n {
				o := c.tmp("written", ir.Int)
				c.oracle(cur, o, st.P)
				if st.Region != nil {
					if w := wrapTo(o, st.Region.Type); w != nil {
						cur.Add(&ir.Assign{Dst: o, Src: w, P: st.P})
					}
				}
				at := addr
				if k > 0 {
					at = ir.Bin(ir.OpAdd, addr, ir.IntConst(k*cs))
				}
				c.store(cur, st.Region, &st.Access, at, o)
			}
		}
		if isYield {
			val := c.tmp("seen", ir.Int)
			c.load(cur, st.Region, &st.Access, addr, val)
			c.yield(cur, yp, st.Region, &st.Access, addr, val, st.P)
		}
	case *ir.Call:
		return c.call(cur, st, yp, isYield)
	default:
		c.s.fail("%s %s: statement %T", c.src.Name, st.Pos(), st)
	}
	return cur
}

// maxTouchCells bounds the cells a helper's write gives new values; the
// cells of a longer write beyond it keep theirs (one of the helper's
// possible effects when it copies; documented in doc.go).
const maxTouchCells = 64

// touchCells returns the cell size and the number of cells a helper's
// write covers: the region's cell type over the bytes written when both
// are known, else the first cell only.
func touchCells(a *ir.Access) (size, n int64) {
	size = 1
	if a.Region != nil && a.Region.Type != nil && a.Region.Type.Size() > 0 {
		size = a.Region.Type.Size()
	}
	if a.Size <= 0 {
		return size, 1
	}
	return size, max(1, min(a.Size/size, maxTouchCells))
}

// nullPage is where the explorer's valid addresses start: below it lie
// NULL plus a field offset and ERR_PTR values (small negative numbers).
// vc puts nothing there (functions start at 4096, objects far above), and
// the addresses of objects the kernel hands in are the solver's choice, so
// excluding the rest loses no execution up to the renaming of addresses.
const nullPage = 4096

// deref assumes the address of an access (orig in the source, addr its
// clone) is at or above the NULL page. The kernel oopses on such an
// access, so an execution that makes one ends there; without the
// assumption two threads whose kzalloc both failed would meet on the cells
// of the NULL page and confirm a race no execution has. An assumption, not
// a branch to a stopped thread: a branch per access made swim's queries
// several times slower, and the solver can mostly pick the same
// interleaving with the allocation succeeding. The replay stops a thread
// there (concrete runs may get there; a model cannot). A global's address
// needs no assumption, nor does p+k after p+j with j <= k in one block (p
// unchanged): it follows.
func (c *cloner) deref(cur *ir.Block, orig, addr ir.Expr, pos ir.Pos) {
	if objectAddress(orig) {
		return
	}
	if v, off, ok := varOffset(orig); ok {
		if prev, done := c.guarded[v]; done && prev <= off {
			return
		}
		c.guarded[v] = off
	}
	// One bound, not a test of a window around 0: a disjunction per
	// access costs the solver a case split each.
	cur.Add(&ir.Assume{Cond: ir.Bin(ir.OpGe, addr, ir.IntConst(nullPage)), P: pos})
}

// varOffset splits an address v or v+k (k constant) into v and k.
func varOffset(e ir.Expr) (*ir.Var, int64, bool) {
	switch e := e.(type) {
	case *ir.Var:
		return e, 0, true
	case *ir.Binary:
		v, isVar := e.X.(*ir.Var)
		k, isConst := e.Y.(*ir.Const)
		if e.Op == ir.OpAdd && isVar && isConst && !k.Unsigned {
			return v, k.Val, true
		}
	}
	return nil, 0, false
}

// objectAddress reports whether e is an object's address, perhaps plus a
// constant offset: a global's, never in the NULL page, so its accesses need
// no test (most accesses to globals).
func objectAddress(e ir.Expr) bool {
	if b, ok := e.(*ir.Binary); ok && b.Op == ir.OpAdd {
		if _, ok := b.Y.(*ir.Const); ok {
			e = b.X
		}
	}
	_, ok := e.(*ir.Object)
	return ok
}

// addrVar evaluates an address once, so the access and its check use the
// same value.
func (c *cloner) addrVar(b *ir.Block, e ir.Expr, pos ir.Pos) ir.Expr {
	switch e.(type) {
	case *ir.Const, *ir.Object, *ir.Var:
		return c.expr(e)
	}
	a := c.tmp("addr", ir.Int)
	b.Add(&ir.Assign{Dst: a, Src: c.expr(e), P: pos})
	return a
}

func (c *cloner) call(cur *ir.Block, st *ir.Call, yp yieldPoint, isYield bool) *ir.Block {
	args := make([]ir.Expr, len(st.Args))
	for i, a := range st.Args {
		args[i] = c.expr(a)
	}
	dst := c.v(st.Dst)
	if st.Callee != nil {
		if api, ok := models.Lock(st.Callee.Name); ok {
			if isYield {
				c.yield(cur, yp, nil, nil, nil, nil, st.P)
			}
			if c.s.sh.countingSems[st] {
				c.countingSem(cur, api, dst, st.P)
				return cur
			}
			c.lock(cur, api, args, dst, st.P)
			return cur
		}
		return c.direct(cur, st, st.Callee, args, dst, st.P)
	}
	// Indirect: the targets whose address the pointer holds, else an
	// unknown (kernel) function.
	fn := c.tmp("fn", ir.Int)
	cur.Add(&ir.Assign{Dst: fn, Src: c.expr(st.Fn), P: st.P})
	join := c.dst.NewBlock("after indirect call")
	for _, t := range st.Targets {
		then := c.dst.NewBlock("call " + t.Name)
		next := c.dst.NewBlock("not " + t.Name)
		cur.Term = &ir.If{Cond: ir.Eq(fn, t), Then: then, Else: next, P: st.P}
		end := then
		if api, ok := models.Lock(t.Name); ok && t.External() {
			// mutex_unlock through a pointer unlocks.
			c.lock(then, api, args, dst, st.P)
		} else {
			end = c.direct(then, nil, t, args, dst, st.P)
		}
		end.Term = &ir.Jump{Target: join, P: st.P}
		cur = next
	}
	if dst != nil {
		c.oracle(cur, dst, st.P)
	}
	cur.Term = &ir.Jump{Target: join, P: st.P}
	return join
}

// direct emits a call of f (call, the call statement, when it names f
// itself): its clone when it has a body, else the helper's effect on the
// result.
func (c *cloner) direct(cur *ir.Block, call *ir.Call, f *ir.Function, args []ir.Expr, dst *ir.Var, pos ir.Pos) *ir.Block {
	t := c.key.thread
	if !f.External() {
		d := c.key.depth
		if c.s.recursive(c.src, f) {
			d++
			if d > c.s.unrollOf(t, c.key.quiet) {
				cur.Term = &ir.Jump{Target: c.stop(), P: pos}
				return c.dst.NewBlock("after the recursion bound")
			}
		}
		if len(args) != len(f.Params) {
			c.s.fail("%s: call of %s with %d arguments for %d parameters", pos, f.Name, len(args), len(f.Params))
			return cur
		}
		clone := &ir.Call{Callee: c.s.cloneOfQuiet(f, t, d, c.key.quiet), Args: args, P: pos}
		if dst != nil && f.Ret != nil {
			clone.Dst = dst
		}
		cur.Add(clone)
		if dst != nil && f.Ret == nil {
			c.oracle(cur, dst, pos)
		}
		return cur
	}
	_, unreg, pub := models.CallEffectIn(f.Name, c.s.sh.facts)
	if pub && unreg {
		// The other thread must have ended before a withdrawal (a yield
		// before it) and may start right after a publication (a yield
		// after it).
		c.yield(cur, yieldPoint{}, nil, nil, nil, nil, pos)
		if t := c.key.thread; t == 1 || t == 2 {
			other := c.s.sh.first
			if t == 1 {
				other = c.s.sh.second
			}
			// del_timer_sync(&t1) with the other thread in t2's function
			// neither waits for it nor stops it (mayWithdraw).
			if c.s.tracked[3-t] && withdraws(c.s.sh.facts, call, f, other) {
				run := c.tmp("running", ir.Int)
				c.load(cur, c.s.flags, &ir.Access{Size: 8, P: pos, LValue: "running " + other.Name()}, ir.IntConst(runCell(3-t)), run)
				cur.Add(&ir.Assume{Cond: ir.Eq(run, ir.IntConst(0)), P: pos})
			}
		}
	}
	c.callable(cur, call, f, pos, pub && unreg, cellWithdrawn)
	if !c.atomicCall(cur, call, args, dst, pos) {
		c.helperValue(cur, f, args, dst, pos)
	}
	h, _ := models.HelperFor(f.Name)
	if pub && !unreg {
		c.callable(cur, call, f, pos, true, cellPublished)
		c.yield(cur, yieldPoint{}, nil, nil, nil, nil, pos)
	}
	if f.NoReturn || h.NoReturn {
		cur.Term = c.end(cur, pos, false)
		return c.dst.NewBlock("after a noreturn call")
	}
	return cur
}

// callable emits what a publication (to cellPublished) or a waiting
// withdrawal (cellWithdrawn) does to the callable cells of the pair's
// threads whose entry points it may make callable or stop (protocol.go);
// on says the call is one.
func (c *cloner) callable(cur *ir.Block, call *ir.Call, f *ir.Function, pos ir.Pos, on bool, to int64) {
	if !on || c.s.sh.noWaits {
		return
	}
	for _, u := range c.s.callableChanges(call, f, to) {
		c.store(cur, c.s.flags, &ir.Access{Size: 8, P: pos, LValue: f.Name}, ir.IntConst(callableCell(u)), ir.IntConst(to))
	}
}

// helperValue emits the result of a call of external f.
func (c *cloner) helperValue(cur *ir.Block, f *ir.Function, args []ir.Expr, dst *ir.Var, pos ir.Pos) {
	t := c.key.thread
	h, _ := models.HelperFor(f.Name)
	switch {
	case h.Returns == models.ReturnsFresh && dst != nil:
		null := c.tmp("null", ir.Int)
		c.oracle(cur, null, pos)
		cur.Add(&ir.Assign{Dst: dst, Src: &ir.Ite{Cond: ir.Eq(null, ir.IntConst(0)), Then: c.s.allocExpr(t, zeroingAllocator[f.Name]), Else: ir.IntConst(0)}, P: pos})
		cur.Add(&ir.Assign{Dst: c.s.alloc[t], Src: ir.Bin(ir.OpAdd, c.s.alloc[t], ir.IntConst(1)), P: pos})
	case h.Returns == models.ReturnsArg && dst != nil && h.RetArg < len(args):
		cur.Add(&ir.Assign{Dst: dst, Src: args[h.RetArg], P: pos})
	case dst != nil:
		c.oracle(cur, dst, pos)
		if resultBits(f) > 0 {
			c.fitVar(cur, dst, f, pos)
		}
	}
}

// lock gives a locking call its effect on the lock table: the cell of a
// lock is 0 when free, -1 when held for writing, n > 0 with n readers. An
// acquire waits (blocks this execution) until the lock is free; a
// conditional acquire succeeds only when the lock is free and the oracle's
// result says success.
// countingSem emits a call on a semaphore that is not a lock (shape's
// countingSems): a down (of any kind) lets the thread no further, an up
// does nothing.
func (c *cloner) countingSem(cur *ir.Block, api models.LockAPI, dst *ir.Var, pos ir.Pos) {
	if api.Op == models.Acquire {
		cur.Add(&ir.Assume{Cond: ir.False, P: pos})
	}
	if dst != nil {
		c.oracle(cur, dst, pos)
	}
}

func (c *cloner) lock(cur *ir.Block, api models.LockAPI, args []ir.Expr, dst *ir.Var, pos ir.Pos) {
	addr, ok := c.s.lockAddr(api, args)
	if !ok {
		c.s.fail("%s: %s without its lock argument", pos, api.Name)
		return
	}
	a := c.tmp("lock", ir.Int)
	cur.Add(&ir.Assign{Dst: a, Src: addr, P: pos})
	acc := &ir.Access{Size: 8, P: pos, LValue: api.Name}
	cell := c.tmp("lockstate", ir.Int)
	c.load(cur, c.s.locks, acc, a, cell)
	var next ir.Expr
	switch api.Op {
	case models.Acquire:
		free, taken := ir.Expr(ir.Eq(cell, ir.IntConst(0))), ir.Expr(ir.IntConst(-1))
		if api.Mode == models.Read {
			free, taken = ir.Bin(ir.OpGe, cell, ir.IntConst(0)), ir.Bin(ir.OpAdd, cell, ir.IntConst(1))
		}
		if api.Cond == models.Always {
			cur.Add(&ir.Assume{Cond: free, P: pos})
			next = taken
			if dst != nil {
				c.oracle(cur, dst, pos)
			}
			break
		}
		r := dst
		if r == nil {
			r = c.tmp("trylock", ir.Int)
		}
		c.oracle(cur, r, pos)
		okCond := ir.Expr(ir.Eq(r, ir.IntConst(0)))
		if api.Cond == models.IfNonZero {
			okCond = ir.Bin(ir.OpNe, r, ir.IntConst(0))
		}
		cur.Add(&ir.Assume{Cond: ir.Implies(okCond, free), P: pos})
		next = &ir.Ite{Cond: okCond, Then: taken, Else: cell}
	case models.Release:
		next = &ir.Ite{Cond: ir.Bin(ir.OpGt, cell, ir.IntConst(0)), Then: ir.Bin(ir.OpSub, cell, ir.IntConst(1)), Else: ir.IntConst(0)}
		if dst != nil {
			c.oracle(cur, dst, pos)
		}
	case models.Downgrade:
		next = &ir.Ite{Cond: ir.Eq(cell, ir.IntConst(-1)), Then: ir.IntConst(1), Else: cell}
		if dst != nil {
			c.oracle(cur, dst, pos)
		}
	}
	c.store(cur, c.s.locks, acc, a, next)
}

// retreating returns f's retreating edges (block index pairs) of a
// depth-first search from the entry, memoised.
func (s *seq) retreating(f *ir.Function) map[[2]int]bool {
	if m, ok := s.back[f]; ok {
		return m
	}
	m := retreatingEdges(f)
	s.back[f] = m
	return m
}

func retreatingEdges(f *ir.Function) map[[2]int]bool {
	m := make(map[[2]int]bool)
	if len(f.Blocks) == 0 {
		return m
	}
	state := make([]uint8, len(f.Blocks)) // 0 new, 1 on stack, 2 done
	type frame struct {
		b    *ir.Block
		next int
	}
	stack := []frame{{b: f.Blocks[0]}}
	state[0] = 1
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		succs := top.b.Term.Succs()
		if top.next >= len(succs) {
			state[top.b.Index] = 2
			stack = stack[:len(stack)-1]
			continue
		}
		s := succs[top.next]
		top.next++
		switch state[s.Index] {
		case 0:
			state[s.Index] = 1
			stack = append(stack, frame{b: s})
		case 1:
			m[[2]int{top.b.Index, s.Index}] = true
		}
	}
	return m
}

// recursive reports whether a call from caller to callee is recursive:
// both lie on one cycle of the call graph. Only such calls count towards
// the recursion bound; entering a cycle from outside it does not (r8169's
// rtl_loop_wait reaches its condition checks through a function pointer
// that closes a cycle: counting the entry, --unroll 1 stopped every
// thread at its first poll).
func (s *seq) recursive(caller, callee *ir.Function) bool {
	c, ok := s.cycle[callee]
	if !ok {
		return false
	}
	d, ok := s.cycle[caller]
	return ok && c == d
}

// cycleComponents numbers the cycles of the call graph (ir.CycleComponents).
func cycleComponents(p *ir.Program) map[*ir.Function]int {
	var roots []*ir.Function
	for _, f := range p.Funcs {
		if !f.External() {
			roots = append(roots, f)
		}
	}
	return ir.CycleComponents(roots, func(f *ir.Function) []*ir.Function {
		var out []*ir.Function
		for _, b := range f.Blocks {
			for _, st := range b.Stmts {
				if call, ok := st.(*ir.Call); ok {
					for _, t := range call.Callees() {
						if !t.External() {
							out = append(out, t)
						}
					}
				}
			}
		}
		return out
	})
}

func (s *seq) newSite() int {
	s.nextSite++
	return s.nextSite
}
