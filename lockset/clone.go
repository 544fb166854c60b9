package lockset

import "github.com/whoopverify/whoop/ir"

// cloner copies a function's variables, frame objects and blocks into a new
// function, mapping every reference.
type cloner struct {
	vars    map[*ir.Var]*ir.Var
	objects map[*ir.Object]*ir.Object
	blocks  map[*ir.Block]*ir.Block
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

// header creates dst's parameters, locals, return variable and frame from src.
func (c *cloner) header(src, dst *ir.Function) {
	c.vars = make(map[*ir.Var]*ir.Var, len(src.Params)+len(src.Locals)+1)
	c.objects = make(map[*ir.Object]*ir.Object, len(src.Frame))
	c.blocks = make(map[*ir.Block]*ir.Block, len(src.Blocks))
	for _, v := range src.Params {
		c.vars[v] = dst.NewParam(v.Name, v.Kind, v.CType, v.Pos)
	}
	for _, v := range src.Locals {
		c.vars[v] = dst.NewLocal(v.Name, v.Kind, v.CType, v.Pos)
	}
	if src.Ret != nil {
		c.vars[src.Ret] = dst.NewRet(src.Ret.Name, src.Ret.Kind, src.Ret.CType)
	}
	for _, o := range src.Frame {
		n := *o
		n.Func = dst
		c.objects[o] = &n
		dst.Frame = append(dst.Frame, &n)
	}
	for _, b := range src.Blocks {
		c.blocks[b] = dst.NewBlock(b.Comment)
	}
}

func (c *cloner) v(x *ir.Var) *ir.Var {
	if x.Func == nil {
		return x // ghost globals are shared
	}
	if n, ok := c.vars[x]; ok {
		return n
	}
	panic("lockset: unmapped variable " + x.Name)
}

func (c *cloner) expr(e ir.Expr) ir.Expr {
	switch e := e.(type) {
	case *ir.Var:
		return c.v(e)
	case *ir.Object:
		if n, ok := c.objects[e]; ok {
			return n
		}
		if n, ok := c.globals[e]; ok {
			return n
		}
		return e
	case *ir.Function:
		return c.funcs(e)
	case *ir.Unary:
		return &ir.Unary{Op: e.Op, X: c.expr(e.X)}
	case *ir.Binary:
		return &ir.Binary{Op: e.Op, X: c.expr(e.X), Y: c.expr(e.Y)}
	case *ir.Ite:
		return &ir.Ite{Cond: c.expr(e.Cond), Then: c.expr(e.Then), Else: c.expr(e.Else)}
	case *ir.Old:
		return &ir.Old{X: c.v(e.X)}
	}
	return e // constants
}

func (c *cloner) term(t ir.Terminator) ir.Terminator {
	switch t := t.(type) {
	case *ir.Jump:
		return &ir.Jump{Target: c.blocks[t.Target], P: t.P}
	case *ir.If:
		return &ir.If{Cond: c.expr(t.Cond), Then: c.blocks[t.Then], Else: c.blocks[t.Else], P: t.P}
	case *ir.Return:
		if t.Val == nil {
			return &ir.Return{P: t.P, Halt: t.Halt}
		}
		return &ir.Return{Val: c.expr(t.Val), P: t.P, Halt: t.Halt}
	case *ir.Unreachable:
		return &ir.Unreachable{P: t.P}
	}
	panic("lockset: unknown terminator")
}
