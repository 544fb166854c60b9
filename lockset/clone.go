package lockset

import "github.com/whoopverify/whoop/ir"

// cloner copies a function's variables, frame objects and blocks into a new
// function, mapping every reference (ir.Copier), and carries what the
// instrumentation of the copy needs.
type cloner struct {
	ir.Copier
	funcs   func(*ir.Function) *ir.Function // maps a callee or function address into the new program
	globals map[*ir.Object]*ir.Object       // global objects of the new program
	// copyOf maps a function with a body to its instrumented copy in the
	// new program; region gives the ghost state of a region the copy
	// records selections for (nil: none).
	copyOf func(*ir.Function) (*ir.Function, bool)
	region func(*ir.Region) *ghostRegion
	// skip holds the access sites whose selection the copy leaves out
	// (deadSites).
	skip  map[int]bool
	stops *stopFlow // where stop may be set (stop.go)
}

// header creates dst's parameters, locals, return variable and frame from
// src, and sets the mapping up.
func (c *cloner) header(src, dst *ir.Function) {
	c.Vars = make(map[*ir.Var]ir.Expr, len(src.Params)+len(src.Locals)+1)
	c.Objects = make(map[*ir.Object]*ir.Object, len(src.Frame))
	c.Blocks = make(map[*ir.Block]*ir.Block, len(src.Blocks))
	c.Unmapped = unmappedVar
	c.UnmappedObject = func(o *ir.Object) *ir.Object {
		if n, ok := c.globals[o]; ok {
			return n
		}
		return o
	}
	if c.funcs != nil {
		c.Func = func(f *ir.Function) ir.Expr { return c.funcs(f) }
	}
	for _, v := range src.Params {
		c.Vars[v] = dst.NewParam(v.Name, v.Kind, v.CType, v.Pos)
	}
	for _, v := range src.Locals {
		c.Vars[v] = dst.NewLocal(v.Name, v.Kind, v.CType, v.Pos)
	}
	if src.Ret != nil {
		c.Vars[src.Ret] = dst.NewRet(src.Ret.Name, src.Ret.Kind, src.Ret.CType)
	}
	for _, o := range src.Frame {
		n := *o
		n.Func = dst
		c.Objects[o] = &n
		dst.Frame = append(dst.Frame, &n)
	}
	for _, b := range src.Blocks {
		c.Blocks[b] = dst.NewBlock(b.Comment)
	}
}

// unmappedVar keeps ghost globals, which every copy shares; any other
// variable a copy meets unmapped is a bug of the copy.
func unmappedVar(x *ir.Var) *ir.Var {
	if x.Func == nil {
		return x
	}
	panic("lockset: unmapped variable " + x.Name)
}
