package vc

import (
	"fmt"
	"math/big"
	"slices"
	"strings"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/z3"
)

// Trace returns the counterexample of obligation i in model m (a model of
// the constraints), or nil if the obligation does not fail in m. With
// several failing instances (an inlined obligation) the first is used.
func (en *Encoding) Trace(m *z3.Model, i int) *Trace {
	for _, inst := range en.obls[i].insts {
		if v, ok := m.Bool(inst.fail); ok && v {
			t := en.trace(m, inst)
			if en.enc.opts.Inspect != nil && inst.ghosts != nil {
				en.enc.opts.Inspect(t, en.enc.initialMemory(m))
			}
			return t
		}
	}
	return nil
}

func (en *Encoding) trace(m *z3.Model, inst *instance) *Trace {
	e := en.enc
	t := &Trace{Values: make(map[*ir.Var]Value)}
	if !e.opts.NoSteps {
		for _, ev := range e.events[:inst.event] {
			if v, ok := m.Bool(ev.reach); ok && v {
				t.Steps = append(t.Steps, Step{Func: ev.fn, Block: ev.block, Depth: ev.depth})
			}
		}
	}
	if inst.ghosts == nil {
		return t
	}
	want := e.opts.TraceVars
	for i, g := range e.pi.ghosts {
		if want == nil || want(g) {
			t.Values[g] = value(m, g.Kind, inst.ghosts[i])
		}
	}
	for i, v := range inst.info.vars {
		if want == nil || want(v) {
			t.Values[v] = value(m, v.Kind, inst.locals[i])
		}
	}
	return t
}

// initialMemory reads a cell of a region's memory at entry to the checked
// function in m.
func (e *encoder) initialMemory(m *z3.Model) func(r *ir.Region, addr *big.Int) (*big.Int, bool) {
	return func(r *ir.Region, addr *big.Int) (*big.Int, bool) {
		slot, ok := e.pi.slot[r]
		if !ok || slot >= len(e.initialMem) {
			return nil, false
		}
		x, err := m.Eval(e.zc.Select(e.initialMem[slot], e.zc.IntBig(addr)), true)
		if err != nil {
			return nil, false
		}
		return m.BigInt(x)
	}
}

// accept offers m, as the trace of the first obligation it fails, to
// Options.Accept.
func (en *Encoding) accept(m *z3.Model, accept func(*Trace, func(*ir.Region, *big.Int) (*big.Int, bool)) bool) bool {
	for _, o := range en.obls {
		for _, inst := range o.insts {
			if v, ok := m.Bool(inst.fail); ok && v {
				return accept(en.trace(m, inst), en.enc.initialMemory(m))
			}
		}
	}
	return false
}

func value(m *z3.Model, k ir.Kind, x *z3.Expr) Value {
	if k == ir.Bool {
		b, _ := m.Bool(x)
		return Value{Bool: b, IsBool: true}
	}
	n, _ := m.BigInt(x)
	return Value{Int: n}
}

// String prints the path, one block a line indented by inlining depth,
// then the values, ghosts first, each group sorted by name.
func (t *Trace) String() string {
	if t == nil {
		return "<no trace>"
	}
	var b strings.Builder
	b.WriteString("path:\n")
	for _, s := range t.Steps {
		fmt.Fprintf(&b, "%s%s %s", strings.Repeat("  ", s.Depth+1), s.Func.Name, s.Block)
		if s.Block.Comment != "" {
			fmt.Fprintf(&b, " (%s)", s.Block.Comment)
		}
		b.WriteByte('\n')
	}
	vars := make([]*ir.Var, 0, len(t.Values))
	for v := range t.Values {
		vars = append(vars, v)
	}
	slices.SortFunc(vars, func(a, b *ir.Var) int {
		if a.Global() != b.Global() {
			if a.Global() {
				return -1
			}
			return 1
		}
		return strings.Compare(a.Name, b.Name)
	})
	if len(vars) > 0 {
		b.WriteString("values:\n")
	}
	for _, v := range vars {
		fmt.Fprintf(&b, "  %s = %s\n", v.Name, t.Values[v])
	}
	return b.String()
}

// Value returns the value of the variable called name in the trace (ghosts
// first), for tests and reports.
func (t *Trace) Value(name string) (Value, bool) {
	var found *ir.Var
	for v := range t.Values {
		if v.Name == name && (found == nil || v.Global()) {
			found = v
		}
	}
	if found == nil {
		return Value{}, false
	}
	return t.Values[found], true
}
