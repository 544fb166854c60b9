package explore

import (
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
// stores; the check reads the pointer fields among them.
type setupLinks struct {
	only   map[fieldKey]bool // fields the setup's code writes and no regular entry point's
	stored map[fieldKey][]*big.Int
}

func newSetupLinks(prog *ir.Program) *setupLinks {
	l := &setupLinks{only: make(map[fieldKey]bool), stored: make(map[fieldKey][]*big.Int)}
	regular := reachableFrom(prog, func(ep *ir.EntryPoint) bool { return ep.Role != ir.RoleInit })
	setup := reachableFrom(prog, func(ep *ir.EntryPoint) bool { return ep.Role == ir.RoleInit })
	written := make(map[fieldKey]bool)
	wholeStruct := make(map[*ir.Struct]bool)
	for f := range regular {
		forStmts(f, func(s ir.Stmt) {
			switch st := s.(type) {
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
			if !written[k] && !wholeStruct[st.Struct] {
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
// stored into that field (when the setup stored any).
func (c *checker) linkHolds(th *sThread, st *ir.Load, v *big.Int) error {
	k := fieldKey{st.Struct, st.Field}
	if c.links == nil || !c.links.only[k] || setupThread(th) || !isPointer(st.Dst.CType) {
		return nil
	}
	vals := c.links.stored[k]
	if len(vals) == 0 {
		return nil
	}
	for _, s := range vals {
		if s.Cmp(v) == 0 {
			return nil
		}
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
// first pointer the setup stored there: the kernel hands in the objects
// the setup registered, as the strict check wants (linkHolds).
func (r *replayer) tie(th *thread, st *ir.Load, addr *big.Int) {
	if r.drive == nil || th.id == initThread || th.ep.Role == ir.RoleInit || !isPointer(st.Dst.CType) {
		return
	}
	vals := r.linked[fieldKey{st.Struct, st.Field}]
	if len(vals) == 0 {
		return
	}
	if m := r.mem[st.Region]; m != nil {
		if _, ok := m[addr.String()]; ok {
			return
		}
	}
	if r.inZeroed(addr) {
		return
	}
	r.write(st.Region, addr, vals[0])
}
