package vc

import (
	"fmt"
	"maps"
	"math/big"
	"slices"

	"github.com/whoopverify/whoop/ir"
)

// Address layout (see doc.go).
const (
	funcBase   = 1 << 12 // function addresses: funcBase + 16*i
	globalBase = 1 << 20 // global objects from here, in declaration order
	globalGap  = 1 << 12 // bytes left free after each global object
	unsizedLen = 1 << 32 // span reserved for an object of unknown size
	frameBase  = 1 << 48 // frame objects at or above this
)

// progInfo is what the encoder needs to know about the whole program:
// numbering of ghosts and memory regions, addresses, and the effects of
// every function (transitively through its callees).
type progInfo struct {
	prog     *ir.Program
	ghosts   []*ir.Var
	ghostIdx map[*ir.Var]int
	regions  []*ir.Region // memory slots; a nil entry is the slot of accesses without a region
	slot     map[*ir.Region]int
	objAddr  map[*ir.Object]*big.Int
	funcAddr map[*ir.Function]int64
	// effGhosts[f] and effMem[f]: ghost indices and memory slots f may
	// modify, with its callees, through its body or its Modifies.
	effGhosts map[*ir.Function][]int
	effMem    map[*ir.Function][]int
	funcs     map[*ir.Function]*funcInfo
	nextAddr  *big.Int // address of the next global object not in prog.Objects
	// shared: the maps belong to a Prepared Info used by other encoders
	// (possibly on other goroutines); own copies them before any write.
	shared bool
}

// Info is the whole-program analysis the encoder needs (numbering of
// ghosts and regions, addresses, every function's effects and control-flow
// analysis), computed once by Prepare and shared, read-only, by every
// encoding of the program, also concurrently.
type Info struct {
	prog *ir.Program
	pi   *progInfo
}

// Prepare analyses prog for Options.Info. The program must not change
// afterwards, except for specs (Houdini's Apply).
func Prepare(prog *ir.Program) (*Info, error) {
	pi := newProgInfo(prog)
	for _, f := range allFuncs(prog) {
		if !f.External() {
			if _, err := pi.info(f); err != nil {
				return nil, fmt.Errorf("vc: prepare %s: %w", f.Name, err)
			}
		}
	}
	return &Info{prog: prog, pi: pi}, nil
}

// view returns a progInfo for one encoder: the prepared one when it is for
// prog, else a fresh analysis.
func (info *Info) view(prog *ir.Program) *progInfo {
	if info == nil || info.prog != prog {
		return newProgInfo(prog)
	}
	pi := *info.pi
	pi.shared = true
	return &pi
}

// own gives pi private copies of the lazily filled maps before a write.
func (pi *progInfo) own() {
	if !pi.shared {
		return
	}
	pi.shared = false
	pi.funcs = maps.Clone(pi.funcs)
	pi.objAddr = maps.Clone(pi.objAddr)
	pi.funcAddr = maps.Clone(pi.funcAddr)
	pi.slot = maps.Clone(pi.slot)
	pi.regions = slices.Clone(pi.regions)
	pi.nextAddr = new(big.Int).Set(pi.nextAddr)
}

func newProgInfo(prog *ir.Program) *progInfo {
	pi := &progInfo{
		prog:     prog,
		ghosts:   prog.Vars,
		ghostIdx: make(map[*ir.Var]int, len(prog.Vars)),
		slot:     make(map[*ir.Region]int),
		objAddr:  make(map[*ir.Object]*big.Int),
		funcAddr: make(map[*ir.Function]int64),
		funcs:    make(map[*ir.Function]*funcInfo),
	}
	for i, v := range prog.Vars {
		pi.ghostIdx[v] = i
	}
	for _, r := range prog.Regions {
		pi.regionSlot(r)
	}
	pi.nextAddr = big.NewInt(globalBase)
	for _, o := range prog.Objects {
		pi.globalAddr(o)
	}
	order := allFuncs(prog)
	for i, f := range order {
		pi.funcAddr[f] = funcBase + 16*int64(i)
	}
	pi.effects(order)
	return pi
}

// globalAddr returns the address of a global or string object, laying it
// out after the previous ones if it has none yet.
func (pi *progInfo) globalAddr(o *ir.Object) *big.Int {
	if a, ok := pi.objAddr[o]; ok {
		return a
	}
	pi.own()
	a := new(big.Int).Set(pi.nextAddr)
	pi.objAddr[o] = a
	size := o.Bytes
	if size < 0 {
		size = unsizedLen
	}
	size = (max(size, 1) + 15) &^ 15
	pi.nextAddr.Add(pi.nextAddr, big.NewInt(size+globalGap))
	return a
}

// funcAddress returns the address of f.
func (pi *progInfo) funcAddress(f *ir.Function) int64 {
	if a, ok := pi.funcAddr[f]; ok {
		return a
	}
	pi.own()
	a := funcBase + 16*int64(len(pi.funcAddr))
	pi.funcAddr[f] = a
	return a
}

// regionSlot returns the memory slot of r, adding one if r is new.
func (pi *progInfo) regionSlot(r *ir.Region) int {
	if s, ok := pi.slot[r]; ok {
		return s
	}
	pi.own()
	pi.slot[r] = len(pi.regions)
	pi.regions = append(pi.regions, r)
	return len(pi.regions) - 1
}

// allFuncs returns prog.Funcs followed by every other function reachable
// through calls (malformed programs), in a deterministic order.
func allFuncs(prog *ir.Program) []*ir.Function {
	seen := make(map[*ir.Function]bool, len(prog.Funcs))
	var order []*ir.Function
	visit := func(f *ir.Function) {
		if f == nil || seen[f] {
			return
		}
		seen[f] = true
		order = append(order, f)
	}
	for _, f := range prog.Funcs {
		visit(f)
	}
	for i := 0; i < len(order); i++ {
		for _, b := range order[i].Blocks {
			for _, s := range b.Stmts {
				if c, ok := s.(*ir.Call); ok {
					for _, t := range c.Callees() {
						visit(t)
					}
				}
			}
		}
	}
	return order
}

// effects computes effGhosts and effMem as a fixpoint over the call graph.
func (pi *progInfo) effects(order []*ir.Function) {
	for _, f := range order {
		for _, b := range f.Blocks {
			for _, s := range b.Stmts {
				if a := ir.AccessOf(s); a != nil {
					pi.regionSlot(a.Region)
				}
				if eq, ok := s.(*ir.Equate); ok {
					pi.regionSlot(eq.A)
					pi.regionSlot(eq.B)
				}
			}
		}
	}
	ng, nm := len(pi.ghosts), len(pi.regions)
	type eff struct {
		g, m  []bool
		calls []*ir.Function
	}
	effs := make(map[*ir.Function]*eff, len(order))
	for _, f := range order {
		e := &eff{g: make([]bool, ng), m: make([]bool, nm)}
		effs[f] = e
		for _, g := range f.Modifies {
			if i, ok := pi.ghostIdx[g]; ok {
				e.g[i] = true
			}
		}
		for _, b := range f.Blocks {
			for _, s := range b.Stmts {
				for _, d := range ir.StmtDefs(s) {
					if i, ok := pi.ghostIdx[d]; ok {
						e.g[i] = true
					}
				}
				switch s := s.(type) {
				case *ir.Store:
					e.m[pi.slot[s.Region]] = true
				case *ir.Touch:
					if s.Write {
						e.m[pi.slot[s.Region]] = true
					}
				case *ir.Call:
					e.calls = append(e.calls, s.Callees()...)
				}
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for _, f := range order {
			e := effs[f]
			for _, c := range e.calls {
				ce := effs[c]
				for i, on := range ce.g {
					if on && !e.g[i] {
						e.g[i], changed = true, true
					}
				}
				for i, on := range ce.m {
					if on && !e.m[i] {
						e.m[i], changed = true, true
					}
				}
			}
		}
	}
	pi.effGhosts = make(map[*ir.Function][]int, len(effs))
	pi.effMem = make(map[*ir.Function][]int, len(effs))
	for f, e := range effs {
		pi.effGhosts[f] = indices(e.g)
		pi.effMem[f] = indices(e.m)
	}
}

func indices(on []bool) []int {
	var is []int
	for i, b := range on {
		if b {
			is = append(is, i)
		}
	}
	return is
}

// union merges sorted index lists.
func union(a, b []int) []int {
	if len(b) == 0 {
		return a
	}
	out := append(slices.Clone(a), b...)
	slices.Sort(out)
	return slices.Compact(out)
}

// Layout returns the addresses the encoding gives prog's global and string
// objects and its functions (the explorer's replay computes with the same
// addresses as the model it replays).
func Layout(prog *ir.Program) (objs map[*ir.Object]*big.Int, funcs map[*ir.Function]int64) {
	pi := &progInfo{objAddr: make(map[*ir.Object]*big.Int), funcAddr: make(map[*ir.Function]int64),
		nextAddr: big.NewInt(globalBase)}
	for _, o := range prog.Objects {
		pi.globalAddr(o)
	}
	for i, f := range allFuncs(prog) {
		pi.funcAddr[f] = funcBase + 16*int64(i)
	}
	return pi.objAddr, pi.funcAddr
}
