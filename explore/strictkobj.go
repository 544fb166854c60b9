package explore

import (
	"fmt"
	"math/big"

	"github.com/whoopverify/whoop/ir"
)

// The objects the kernel hands an entry point (a gendisk, a file, a
// net_device) start with the environment's contents in the trace, but in
// a real execution they are the objects the setup registered: the block
// layer opens only a disk add_disk added (get_gendisk, block/genhd.c), and
// swim_probe stored &swd->unit[i] in that disk's private_data before.
// The strict check therefore ties the kernel's objects to the setup's by
// their links: a pointer field (struct gendisk.private_data) that only the
// setup's code stores, read by a regular entry point where nothing in the
// trace wrote it, must hold a pointer the setup stored there in this
// trace. The object it leads to is then the setup's, whose cells the check
// knows (swd is kzalloc'd: unit[i].ref_count reads what swim_add_floppy
// wrote, not -1104884144). Only pointer fields: the kernel changes scalar
// fields of its objects (net_device.flags at dev_open) where the trace
// does not show it, but not the driver's links. Dropped with the
// publication assumption (Options.NoPublication), which names the rest of
// the protocol.

// fieldKey is a struct field as an access names it syntactically.
type fieldKey struct {
	st    *ir.Struct
	field string
}

// setupLinks collects what the setup stores into the fields only its code
// stores and regular entry points read as pointers.
type setupLinks struct {
	only   map[fieldKey]bool // fields the setup's code writes, no regular entry point's, and one reads as a pointer
	stored map[fieldKey][]*big.Int
}

func newSetupLinks(prog *ir.Program) *setupLinks {
	l := &setupLinks{only: make(map[fieldKey]bool), stored: make(map[fieldKey][]*big.Int)}
	regular := reachableFrom(prog, func(ep *ir.EntryPoint) bool { return ep.Role != ir.RoleInit })
	setup := reachableFrom(prog, func(ep *ir.EntryPoint) bool { return ep.Role == ir.RoleInit })
	written := make(map[fieldKey]bool)
	pointerLoads := make(map[fieldKey]bool)
	wholeStruct := make(map[*ir.Struct]bool)
	for f := range regular {
		forStmts(f, func(s ir.Stmt) {
			switch st := s.(type) {
			case *ir.Load:
				if isPointer(st.Dst.CType) {
					pointerLoads[fieldKey{st.Struct, st.Field}] = true
				}
			case *ir.Store:
				written[fieldKey{st.Struct, st.Field}] = true
			case *ir.Touch:
				if st.Write && st.Struct != nil {
					wholeStruct[st.Struct] = true
				}
			}
		})
	}
	for f := range setup {
		forStmts(f, func(s ir.Stmt) {
			st, ok := s.(*ir.Store)
			if !ok || st.Struct == nil || st.Field == "" {
				return
			}
			k := fieldKey{st.Struct, st.Field}
			if pointerLoads[k] && !written[k] && !wholeStruct[st.Struct] {
				l.only[k] = true
			}
		})
	}
	return l
}

// reachableFrom is the set of functions the entry points that pass keep
// may run, through direct and indirect calls.
func reachableFrom(prog *ir.Program, keep func(*ir.EntryPoint) bool) map[*ir.Function]bool {
	seen := make(map[*ir.Function]bool)
	var work []*ir.Function
	add := func(f *ir.Function) {
		if f != nil && !seen[f] {
			seen[f] = true
			work = append(work, f)
		}
	}
	for _, ep := range prog.EntryPoints {
		if keep(ep) {
			add(ep.Func)
		}
	}
	for len(work) > 0 {
		f := work[len(work)-1]
		work = work[:len(work)-1]
		forStmts(f, func(s ir.Stmt) {
			if c, ok := s.(*ir.Call); ok {
				add(c.Callee)
				for _, t := range c.Targets {
					add(t)
				}
			}
		})
	}
	return seen
}

func forStmts(f *ir.Function, visit func(ir.Stmt)) {
	for _, b := range f.Blocks {
		for _, s := range b.Stmts {
			visit(s)
		}
	}
}

// setupThread reports whether th runs the setup (module init, a probe).
func setupThread(th *sThread) bool {
	ep, _ := th.current()
	return th.id == initThread || ep != nil && ep.Role == ir.RoleInit
}

// noteStore records a store of the setup into a link field.
func (c *checker) noteStore(th *sThread, st *ir.Store, v *big.Int) {
	k := fieldKey{st.Struct, st.Field}
	if c.links == nil || !c.links.only[k] || !setupThread(th) {
		return
	}
	c.links.stored[k] = append(c.links.stored[k], new(big.Int).Set(v))
}

// linkHolds checks a regular thread's read of v from a link field where
// the trace's value is the environment's: it must be a pointer the setup
// stored into that field, or NULL if it stored none (swim's probe with no
// drive present adds no disk, yet blk_register_region publishes the
// operations: an object the kernel handed in then is none the setup
// made, and the kernel's allocators, alloc_disk, alloc_netdev, zero
// theirs).
func (c *checker) linkHolds(th *sThread, st *ir.Load, v *big.Int) error {
	k := fieldKey{st.Struct, st.Field}
	if c.links == nil || !c.links.only[k] || setupThread(th) || !isPointer(st.Dst.CType) {
		return nil
	}
	vals := c.links.stored[k]
	if len(vals) == 0 {
		vals = []*big.Int{new(big.Int)} // allocators zero the kernel's objects
	}
	for _, s := range vals {
		if s.Cmp(v) == 0 {
			return nil
		}
	}
	if len(c.links.stored[k]) == 0 {
		return rejectf(st.P, "%s reads %s from an object the kernel handed in, where the setup stored no pointer: the kernel hands the objects the setup registered, and their allocator zeroed it", st.LValue, v)
	}
	return rejectf(st.P, "%s reads %s from an object the kernel handed in, where the setup stored only %s: the kernel hands the objects the setup registered", st.LValue, v, joinInts(vals))
}

func joinInts(vs []*big.Int) string {
	s := ""
	for i, v := range vs {
		if i > 0 {
			s += ", "
		}
		s += v.String()
	}
	return s
}

// setupLinks returns the fields only the setup stores, built once per
// pair; nil without the protocol (Options.NoPublication).
func (s *seq) setupLinks() *setupLinks {
	if !s.linksDone {
		s.linksDone = true
		if !s.sh.noWaits {
			s.links = newSetupLinks(s.src)
		}
	}
	return s.links
}

// noteLink records, in a concrete run, a setup's store into a field only
// the setup stores.
func (r *replayer) noteLink(th *thread, st *ir.Store, v *big.Int) {
	if r.drive == nil || th.id != initThread && th.ep.Role != ir.RoleInit {
		return
	}
	links := r.s.setupLinks()
	k := fieldKey{st.Struct, st.Field}
	if links == nil || !links.only[k] {
		return
	}
	if r.linked == nil {
		r.linked = make(map[fieldKey][]*big.Int)
	}
	r.linked[k] = append(r.linked[k], new(big.Int).Set(v))
}

// tie makes a concrete run read, from a pointer field only the setup
// stores, of an object the kernel handed in where nothing wrote it, the
// last pointer the setup stored there, NULL if none (as the search
// does): the kernel hands in the objects the setup registered, as the
// strict check wants (linkHolds).
func (r *replayer) tie(th *thread, st *ir.Load, addr *big.Int) {
	if r.drive == nil || th.id == initThread || th.ep.Role == ir.RoleInit || !isPointer(st.Dst.CType) {
		return
	}
	k := fieldKey{st.Struct, st.Field}
	if links := r.s.setupLinks(); links == nil || !links.only[k] {
		return
	}
	vals := r.linked[k]
	if len(vals) == 0 {
		vals = []*big.Int{new(big.Int)}
	}
	if m := r.mem[st.Region]; m != nil {
		if _, ok := m[addrKey(addr)]; ok {
			return
		}
	}
	if r.inZeroed(addr) {
		return
	}
	r.write(st.Region, addr, vals[len(vals)-1])
}

// The search ties the kernel's objects as the strict check wants: each
// field only the setup stores has two ghost variables, the last pointer
// the setup stored there and whether it stored one, and a regular
// thread's load of it reads that pointer once the setup stored one. A
// setup that stored several (one per disk) leaves the search the last:
// executions on the other objects are lost, none is added.

// setupRuns reports whether thread t of the pair runs the setup.
func (s *seq) setupRuns(t int) bool {
	switch t {
	case initThread:
		return true
	case 1:
		return s.sh.first.Role == ir.RoleInit
	case 2:
		return s.sh.second.Role == ir.RoleInit
	}
	return false
}

// linkVar returns the ghost variables of field k, made on first use.
func (s *seq) linkVar(k fieldKey) [2]*ir.Var {
	if v, ok := s.linkVars[k]; ok {
		return v
	}
	if s.linkVars == nil {
		s.linkVars = make(map[fieldKey][2]*ir.Var)
	}
	n := len(s.linkKeys)
	v := [2]*ir.Var{s.q.NewVar(fmt.Sprintf("link%d", n), ir.Int), s.q.NewVar(fmt.Sprintf("linked%d", n), ir.Bool)}
	s.linkVars[k] = v
	s.linkKeys = append(s.linkKeys, k)
	return v
}

// initLinks starts the harness with no link stored.
func (s *seq) initLinks() {
	if len(s.linkKeys) == 0 || s.harness == nil || len(s.harness.Blocks) == 0 {
		return
	}
	b := s.harness.Blocks[0]
	init := make([]ir.Stmt, 0, len(s.linkKeys)+len(b.Stmts))
	for _, k := range s.linkKeys {
		init = append(init, &ir.Assign{Dst: s.linkVars[k][1], Src: ir.False, P: s.sh.first.Pos})
	}
	b.Stmts = append(init, b.Stmts...)
	for _, k := range s.linkKeys {
		s.harness.Modifies = append(s.harness.Modifies, s.linkVars[k][0], s.linkVars[k][1])
	}
}

// noteLink records the setup's store of val into a field only it stores.
func (c *cloner) noteLink(b *ir.Block, st *ir.Store, val ir.Expr) {
	links := c.s.setupLinks()
	k := fieldKey{st.Struct, st.Field}
	if links == nil || !links.only[k] || !c.s.setupRuns(c.key.thread) {
		return
	}
	v := c.s.linkVar(k)
	b.Add(&ir.Assign{Dst: v[0], Src: val, P: st.P})
	b.Add(&ir.Assign{Dst: v[1], Src: ir.True, P: st.P})
}

// tieLoad makes a regular thread's load of a pointer field only the setup
// stores read the setup's last pointer there, NULL if it stored none. The
// ghost variables are not per round: beside a probe in thread 1, thread 2
// sees the probe's last store even before it happens; the strict check,
// which follows the trace's order, rejects such a trace.
func (c *cloner) tieLoad(b *ir.Block, st *ir.Load, dst *ir.Var) {
	links := c.s.setupLinks()
	k := fieldKey{st.Struct, st.Field}
	if links == nil || !links.only[k] || c.s.setupRuns(c.key.thread) || !isPointer(st.Dst.CType) {
		return
	}
	v := c.s.linkVar(k)
	b.Add(&ir.Assume{Cond: &ir.Ite{Cond: v[1], Then: ir.Eq(dst, v[0]), Else: ir.Eq(dst, ir.IntConst(0))}, P: st.P})
}
