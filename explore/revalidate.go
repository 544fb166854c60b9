package explore

import (
	"fmt"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/models"
)

// A block driver's ->revalidate_disk runs, in Linux 4.0, from three places:
// check_disk_change and revalidate_disk() (fs/block_dev.c), and
// rescan_partitions (block/partition-generic.c), which __blkdev_get calls
// when the whole disk's bd_invalidated is set and blkdev_reread_part
// (block/ioctl.c, the BLKRRPART ioctl) calls when disk_part_scan_enabled.
// Only flush_disk (fs/block_dev.c) and register_disk (block/genhd.c) set
// bd_invalidated, and each only when disk_part_scan_enabled(disk)
// (include/linux/genhd.h: disk_max_parts(disk) > 1, which is disk->minors
// unless GENHD_FL_EXT_DEVT). So for a driver whose disks all come from
// alloc_disk(1) (or alloc_disk_node(1, ...)), which never sets
// GENHD_FL_EXT_DEVT in a gendisk's flags, never sets a block_device's
// bd_invalidated itself and never calls revalidate_disk() or a partition
// rescan, the method runs only inside the driver's own check_disk_change
// calls, with whatever the driver holds there. swim: floppy_revalidate
// runs only from floppy_open's check_disk_change, under swim_mutex, which
// floppy_unlocked_open holds; taken for an entry point that runs without
// it, it was confirmed against floppy_unlocked_open and itself (12
// confirmations no kernel has; docs/explorer-revalidate.md).
//
// The explorer then runs the method's thread holding the global locks held
// at every check_disk_change call of the program (callerLocks). That is
// exact, not an assumption: the thread is a sub-execution of an execution
// of the driver's call, and the lockset check, which keeps the method an
// entry point of its own, stays as it was (it reports more).

// partitionCalls are the kernel functions that may rescan a disk's
// partitions, or call ->revalidate_disk, on the driver's behalf.
var partitionCalls = map[string]bool{
	"revalidate_disk": true, "rescan_partitions": true, "invalidate_partitions": true,
	"ioctl_by_bdev": true, "blkdev_reread_part": true, "__blkdev_reread_part": true,
}

// gendisk flags (include/linux/genhd.h, 4.0): GENHD_FL_EXT_DEVT gives a
// disk DISK_MAX_PARTS partitions whatever its minors.
const genhdExtDevt = 64

// noPartitionScan reports whether no disk of prog can have its partitions
// scanned (above): every disk allocation asks for one minor, every store
// to a gendisk's flags is a constant without GENHD_FL_EXT_DEVT, nothing
// stores a block_device's bd_invalidated, and no call rescans partitions.
func noPartitionScan(prog *ir.Program) bool {
	allocs := 0
	for _, f := range prog.Funcs {
		for _, b := range f.Blocks {
			for _, st := range b.Stmts {
				switch st := st.(type) {
				case *ir.Store:
					if st.Region == nil {
						continue
					}
					switch st.Region.Name {
					case "struct gendisk.flags":
						k, ok := st.Val.(*ir.Const)
						if !ok || k.Val&genhdExtDevt != 0 {
							return false
						}
					case "struct block_device.bd_invalidated":
						return false
					}
				case *ir.Call:
					for _, c := range st.Callees() {
						switch {
						case c.Name == "alloc_disk" || c.Name == "alloc_disk_node":
							if len(st.Args) == 0 || !isConst(st.Args[0], 1) {
								return false
							}
							allocs++
						case partitionCalls[c.Name]:
							return false
						}
					}
				}
			}
		}
	}
	return allocs > 0
}

func isConst(e ir.Expr, v int64) bool {
	k, ok := e.(*ir.Const)
	return ok && k.Val == v
}

// heldLock is a lock whose identity is fixed (a global object, or a lock
// API's named global), as the driver acquires and releases it.
type heldLock struct {
	key              string
	acquire, release *ir.Function
	arg              ir.Expr // the lock argument, nil for a named global
	api              models.LockAPI
}

// lockKey names the lock a call of api takes or drops, when its identity
// is fixed: a global object's address, or the API's global.
func lockKey(api models.LockAPI, args []ir.Expr) (string, ir.Expr, bool) {
	if api.Arg < 0 {
		return "global " + api.Global, nil, api.Global != ""
	}
	if api.Arg >= len(args) {
		return "", nil, false
	}
	if o, ok := args[api.Arg].(*ir.Object); ok && o.Kind == ir.GlobalObj {
		return fmt.Sprintf("object %p", o), o, true
	}
	return "", nil, false
}

// callerLocks returns, for each ->revalidate_disk entry point of prog
// that runs only inside the driver's check_disk_change calls, the
// function its thread runs: the method between acquires of the locks held
// at every such call and their releases. Other entry points keep their
// function.
func callerLocks(prog *ir.Program) map[*ir.EntryPoint]*ir.Function {
	var eps []*ir.EntryPoint
	for _, ep := range prog.EntryPoints {
		if ep.Struct == "block_device_operations" && ep.Field == "revalidate_disk" {
			eps = append(eps, ep)
		}
	}
	if len(eps) == 0 || !noPartitionScan(prog) {
		return nil
	}
	h := newHeldAnalysis(prog)
	var held []heldLock
	sites := 0
	for _, f := range prog.Funcs {
		for _, b := range f.Blocks {
			for _, st := range b.Stmts {
				call, ok := st.(*ir.Call)
				if !ok || call.Callee == nil || call.Callee.Name != "check_disk_change" {
					continue
				}
				at := h.heldAt(f, call)
				if sites == 0 {
					held = at
				} else {
					held = intersect(held, at)
				}
				sites++
			}
		}
	}
	if len(held) == 0 {
		return nil
	}
	out := make(map[*ir.EntryPoint]*ir.Function)
	for _, ep := range eps {
		out[ep] = lockedBody(ep, held)
	}
	return out
}

func intersect(a, b []heldLock) []heldLock {
	var out []heldLock
	for _, x := range a {
		for _, y := range b {
			if x.key == y.key && x.release != nil {
				out = append(out, x)
				break
			}
		}
	}
	return out
}

// lockedBody makes the function a thread of ep runs: acquire each lock of
// held, call ep's function, release them in reverse order, return its
// result.
func lockedBody(ep *ir.EntryPoint, held []heldLock) *ir.Function {
	src := ep.Func
	f := ir.NewFunction(src.Name+"$check_disk_change", src.Sig, ep.Pos)
	args := make([]ir.Expr, len(src.Params))
	for i, p := range src.Params {
		args[i] = f.NewParam(p.Name, p.Kind, p.CType, ep.Pos)
	}
	b := f.NewBlock("the driver's check_disk_change, its locks held")
	lockArgs := func(l heldLock) []ir.Expr {
		if l.arg == nil {
			return nil
		}
		a := make([]ir.Expr, l.api.Arg+1)
		for i := range a {
			a[i] = ir.IntConst(0)
		}
		a[l.api.Arg] = l.arg
		return a
	}
	for _, l := range held {
		b.Add(&ir.Call{Callee: l.acquire, Args: lockArgs(l), P: ep.Pos})
	}
	call := &ir.Call{Callee: src, Args: args, P: ep.Pos}
	var ret ir.Expr
	if src.Ret != nil {
		r := f.NewLocal("ret", src.Ret.Kind, src.Ret.CType, ep.Pos)
		f.NewRet("return", src.Ret.Kind, src.Ret.CType)
		call.Dst, ret = r, r
	}
	b.Add(call)
	for i := len(held) - 1; i >= 0; i-- {
		l := held[i]
		rel, _ := models.Lock(l.release.Name)
		a := lockArgs(l)
		if rel.Arg >= 0 && l.arg != nil && rel.Arg != l.api.Arg {
			a = lockArgs(heldLock{arg: l.arg, api: rel})
		}
		b.Add(&ir.Call{Callee: l.release, Args: a, P: ep.Pos})
	}
	b.Term = &ir.Return{Val: ret, P: ep.Pos}
	f.ComputePreds()
	return f
}

// heldAnalysis finds the fixed-identity locks held on every path to a
// call: those its function holds there, from its own unconditional
// exclusive acquires, and those held at every call of the function (none
// for an entry point's function, or one no direct call reaches). A call
// of a function that may release a lock drops it.
type heldAnalysis struct {
	prog     *ir.Program
	entry    map[*ir.Function]bool
	callers  map[*ir.Function][]*ir.Call
	callerFn map[*ir.Call]*ir.Function
	onEntry  map[*ir.Function][]heldLock
	visiting map[*ir.Function]bool
	releases map[*ir.Function]map[string]bool // nil map entry: may release any
}

func newHeldAnalysis(prog *ir.Program) *heldAnalysis {
	h := &heldAnalysis{prog: prog, entry: map[*ir.Function]bool{}, callers: map[*ir.Function][]*ir.Call{},
		callerFn: map[*ir.Call]*ir.Function{}, onEntry: map[*ir.Function][]heldLock{}, visiting: map[*ir.Function]bool{},
		releases: map[*ir.Function]map[string]bool{}}
	for _, ep := range prog.EntryPoints {
		h.entry[ep.Func] = true
	}
	for _, f := range prog.Funcs {
		for _, b := range f.Blocks {
			for _, st := range b.Stmts {
				if call, ok := st.(*ir.Call); ok {
					h.callerFn[call] = f
					for _, c := range call.Callees() {
						h.callers[c] = append(h.callers[c], call)
					}
				}
			}
		}
	}
	return h
}

// entryHeld is what is held at every call of f.
func (h *heldAnalysis) entryHeld(f *ir.Function) []heldLock {
	if held, ok := h.onEntry[f]; ok {
		return held
	}
	if h.entry[f] || h.visiting[f] || len(h.callers[f]) == 0 {
		return nil
	}
	h.visiting[f] = true
	var held []heldLock
	for i, call := range h.callers[f] {
		at := h.heldAt(h.callerFn[call], call)
		if i == 0 {
			held = at
		} else {
			held = intersect(held, at)
		}
	}
	delete(h.visiting, f)
	h.onEntry[f] = held
	return held
}

// heldAt is what is held on every path to call in f.
func (h *heldAnalysis) heldAt(f *ir.Function, call *ir.Call) []heldLock {
	in := map[*ir.Block][]heldLock{f.Blocks[0]: h.entryHeld(f)}
	seen := map[*ir.Block]bool{f.Blocks[0]: true}
	var result []heldLock
	found := false
	for changed := true; changed; {
		changed = false
		for _, b := range f.Blocks {
			if !seen[b] {
				continue
			}
			st := in[b]
			for _, s := range b.Stmts {
				if s == ir.Stmt(call) {
					if !found {
						result, found = st, true
					} else {
						result = intersect(result, st)
					}
				}
				st = h.transfer(st, s)
			}
			for _, succ := range b.Term.Succs() {
				if !seen[succ] {
					seen[succ], in[succ], changed = true, st, true
					continue
				}
				if next := intersect(in[succ], st); len(next) != len(in[succ]) {
					in[succ], changed = next, true
				}
			}
		}
	}
	return result
}

// transfer is the effect of statement s on the held locks st.
func (h *heldAnalysis) transfer(st []heldLock, s ir.Stmt) []heldLock {
	call, ok := s.(*ir.Call)
	if !ok {
		return st
	}
	callees := call.Callees()
	if len(callees) == 0 {
		return nil // an unknown function may release anything
	}
	for _, c := range callees {
		if !c.External() {
			st = dropReleased(st, h.released(c))
			continue
		}
		api, ok := models.Lock(c.Name)
		if !ok {
			continue
		}
		key, arg, fixed := lockKey(api, call.Args)
		switch {
		case api.Op == models.Acquire && api.Cond == models.Always && api.Mode != models.Read && fixed && len(callees) == 1:
			st = append(append([]heldLock(nil), st...), heldLock{key: key, acquire: c, arg: arg, api: api, release: h.releaseOf(key)})
		case api.Op == models.Release || api.Op == models.Downgrade:
			if !fixed {
				return nil
			}
			st = dropReleased(st, map[string]bool{key: true})
		}
	}
	return st
}

func dropReleased(st []heldLock, rel map[string]bool) []heldLock {
	if rel == nil {
		return nil
	}
	var out []heldLock
	for _, l := range st {
		if !rel[l.key] {
			out = append(out, l)
		}
	}
	return out
}

// released is the set of fixed locks code reached from f may release
// (nil: any).
func (h *heldAnalysis) released(f *ir.Function) map[string]bool {
	if r, ok := h.releases[f]; ok {
		return r
	}
	out := map[string]bool{}
	for _, g := range reachable(f) {
		for _, b := range g.Blocks {
			for _, s := range b.Stmts {
				call, ok := s.(*ir.Call)
				if !ok {
					continue
				}
				if len(call.Callees()) == 0 {
					out = nil
				}
				for _, c := range call.Callees() {
					api, ok := models.Lock(c.Name)
					if !ok || !c.External() || api.Op != models.Release && api.Op != models.Downgrade {
						continue
					}
					key, _, fixed := lockKey(api, call.Args)
					if !fixed {
						out = nil
					}
					if out != nil {
						out[key] = true
					}
				}
			}
			if out == nil {
				break
			}
		}
	}
	h.releases[f] = out
	return out
}

// releaseOf finds the function the program releases lock key with.
func (h *heldAnalysis) releaseOf(key string) *ir.Function {
	for _, f := range h.prog.Funcs {
		for _, b := range f.Blocks {
			for _, s := range b.Stmts {
				call, ok := s.(*ir.Call)
				if !ok || call.Callee == nil || !call.Callee.External() {
					continue
				}
				if api, ok := models.Lock(call.Callee.Name); ok && api.Op == models.Release {
					if k, _, fixed := lockKey(api, call.Args); fixed && k == key {
						return call.Callee
					}
				}
			}
		}
	}
	return nil
}
