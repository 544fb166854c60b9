// Package vctest builds small ir programs by hand for tests of vc, houdini
// and their clients. Every statement gets the next line of file "t.c", so
// tests can name obligations by line.
package vctest

import (
	"fmt"

	"github.com/whoopverify/whoop/ir"
)

// File is the file name of every position the builder makes.
const File = "t.c"

var intT = &ir.Basic{Kind: ir.Integer, Name: "int", Bytes: 4, Signed: true}

// Builder holds the program under construction.
type Builder struct {
	Prog     *ir.Program
	line     int
	assertID int
}

// New returns a builder of an empty program.
func New() *Builder { return &Builder{Prog: &ir.Program{Path: File}} }

// Pos returns the next source position (one line per call).
func (b *Builder) Pos() ir.Pos {
	b.line++
	return ir.Pos{File: File, Line: b.line, Col: 1}
}

// Line is the line the last Pos returned.
func (b *Builder) Line() int { return b.line }

// Ghost adds a ghost global.
func (b *Builder) Ghost(name string, k ir.Kind) *ir.Var { return b.Prog.NewVar(name, k) }

// Global adds a global object of size bytes.
func (b *Builder) Global(name string, size int64) *ir.Object {
	o := &ir.Object{Name: name, Kind: ir.GlobalObj, CType: intT, Bytes: size, Pos: b.Pos()}
	b.Prog.Objects = append(b.Prog.Objects, o)
	return o
}

// Region adds a memory region.
func (b *Builder) Region(name string) *ir.Region {
	r := &ir.Region{ID: len(b.Prog.Regions) + 1, Name: name}
	b.Prog.Regions = append(b.Prog.Regions, r)
	return r
}

// Func is a function under construction; statements go to Cur.
type Func struct {
	*ir.Function
	b   *Builder
	Cur *ir.Block
}

// Func adds a function with integer parameters, an integer result "ret"
// and an entry block.
func (b *Builder) Func(name string, params ...string) *Func {
	f := b.Extern(name, params...)
	f.Ret = &ir.Var{Name: "ret", Kind: ir.Int, Func: f.Function}
	f.Cur = f.NewBlock("entry")
	return f
}

// Extern adds a function without a body.
func (b *Builder) Extern(name string, params ...string) *Func {
	sig := &ir.FuncType{Result: intT}
	for range params {
		sig.Params = append(sig.Params, intT)
	}
	f := ir.NewFunction(name, sig, b.Pos())
	for _, p := range params {
		f.NewParam(p, ir.Int, intT, ir.Pos{})
	}
	b.Prog.AddFunc(f)
	return &Func{Function: f, b: b}
}

// P returns the parameter called name.
func (f *Func) P(name string) *ir.Var {
	for _, v := range f.Params {
		if v.Name == name {
			return v
		}
	}
	panic("vctest: no parameter " + name)
}

// Local adds a local variable.
func (f *Func) Local(name string, k ir.Kind) *ir.Var { return f.NewLocal(name, k, nil, ir.Pos{}) }

// Returns gives f a return variable "ret" if it has none, and returns it.
func (f *Func) Returns() *ir.Var {
	if f.Ret == nil {
		f.Ret = &ir.Var{Name: "ret", Kind: ir.Int, Func: f.Function}
	}
	return f.Ret
}

// Block adds a block (Cur does not change).
func (f *Func) Block(comment string) *ir.Block { return f.NewBlock(comment) }

// At makes blk the current block.
func (f *Func) At(blk *ir.Block) *Func { f.Cur = blk; return f }

func (f *Func) add(s ir.Stmt) { f.Cur.Add(s) }

// Assign adds v := e.
func (f *Func) Assign(v *ir.Var, e ir.Expr) { f.add(&ir.Assign{Dst: v, Src: e, P: f.b.Pos()}) }

// Havoc adds havoc vs.
func (f *Func) Havoc(vs ...*ir.Var) { f.add(&ir.Havoc{Vars: vs, P: f.b.Pos()}) }

// Assume adds assume e.
func (f *Func) Assume(e ir.Expr) { f.add(&ir.Assume{Cond: e, P: f.b.Pos()}) }

// Assert adds assert e with the next assertion id.
func (f *Func) Assert(e ir.Expr, msg string) *ir.Assert {
	f.b.assertID++
	s := &ir.Assert{Cond: e, ID: f.b.assertID, Msg: msg, P: f.b.Pos()}
	f.add(s)
	return s
}

func (f *Func) access(addr ir.Expr, r *ir.Region, lv string) ir.Access {
	return ir.Access{Addr: addr, Size: 4, Region: r, LValue: lv, Site: f.b.Prog.NewSite(), P: f.b.Pos()}
}

// Load adds dst := load [r] addr.
func (f *Func) Load(dst *ir.Var, addr ir.Expr, r *ir.Region) {
	f.add(&ir.Load{Dst: dst, Access: f.access(addr, r, "*"+ir.ExprString(addr))})
}

// Store adds store [r] addr := val.
func (f *Func) Store(addr, val ir.Expr, r *ir.Region) {
	f.add(&ir.Store{Val: val, Access: f.access(addr, r, "*"+ir.ExprString(addr))})
}

// Touch adds a touch of region r at addr.
func (f *Func) Touch(addr ir.Expr, r *ir.Region, write bool) {
	f.add(&ir.Touch{Write: write, Access: f.access(addr, r, "*"+ir.ExprString(addr))})
}

// Call adds a direct call (dst may be nil).
func (f *Func) Call(dst *ir.Var, callee *Func, args ...ir.Expr) *ir.Call {
	c := &ir.Call{Dst: dst, Callee: callee.Function, Args: args, P: f.b.Pos()}
	f.add(c)
	return c
}

// CallIndirect adds a call through fn that may reach targets.
func (f *Func) CallIndirect(dst *ir.Var, fn ir.Expr, targets []*Func, args ...ir.Expr) *ir.Call {
	c := &ir.Call{Dst: dst, Fn: fn, Args: args, P: f.b.Pos()}
	for _, t := range targets {
		c.Targets = append(c.Targets, t.Function)
	}
	f.add(c)
	return c
}

// Goto ends Cur with a jump.
func (f *Func) Goto(t *ir.Block) { f.Cur.Term = &ir.Jump{Target: t, P: f.b.Pos()} }

// If ends Cur with a branch.
func (f *Func) If(c ir.Expr, then, els *ir.Block) {
	f.Cur.Term = &ir.If{Cond: c, Then: then, Else: els, P: f.b.Pos()}
}

// Return ends Cur with a return (e may be nil).
func (f *Func) Return(e ir.Expr) { f.Cur.Term = &ir.Return{Val: e, P: f.b.Pos()} }

// Unreachable ends Cur.
func (f *Func) Unreachable() { f.Cur.Term = &ir.Unreachable{P: f.b.Pos()} }

func (f *Func) spec(k ir.SpecKind, cond ir.Expr, candidate bool) *ir.Spec {
	return &ir.Spec{Kind: k, Cond: cond, Candidate: candidate, ID: f.b.Prog.NewSpecID()}
}

// Requires adds a precondition.
func (f *Func) Requires(cond ir.Expr, candidate bool) *ir.Spec {
	s := f.spec(ir.Requires, cond, candidate)
	f.Function.Requires = append(f.Function.Requires, s)
	return s
}

// Ensures adds a postcondition.
func (f *Func) Ensures(cond ir.Expr, candidate bool) *ir.Spec {
	s := f.spec(ir.Ensures, cond, candidate)
	f.Function.Ensures = append(f.Function.Ensures, s)
	return s
}

// Invariant adds a loop invariant to blk.
func (f *Func) Invariant(blk *ir.Block, cond ir.Expr, candidate bool) *ir.Spec {
	s := f.spec(ir.Invariant, cond, candidate)
	blk.Invariants = append(blk.Invariants, s)
	return s
}

// Modifies adds ghosts to f's modifies.
func (f *Func) Modifies(vs ...*ir.Var) { f.Function.Modifies = append(f.Function.Modifies, vs...) }

// Done computes predecessors and validates the program.
func (b *Builder) Done() error {
	for _, f := range b.Prog.Funcs {
		f.ComputePreds()
	}
	if err := ir.Validate(b.Prog); err != nil {
		return fmt.Errorf("vctest: %w", err)
	}
	return nil
}

// I is an integer constant.
func I(v int64) ir.Expr { return ir.IntConst(v) }

var ops = map[string]ir.Op{
	"+": ir.OpAdd, "-": ir.OpSub, "*": ir.OpMul, "/": ir.OpDiv, "%": ir.OpRem,
	"&": ir.OpAnd, "|": ir.OpOr, "^": ir.OpXor, "<<": ir.OpShl, ">>": ir.OpShr,
	"==": ir.OpEq, "!=": ir.OpNe, "<": ir.OpLt, "<=": ir.OpLe, ">": ir.OpGt, ">=": ir.OpGe,
	"&&": ir.OpLAnd, "||": ir.OpLOr, "==>": ir.OpImplies,
}

// B is the binary expression x op y, op in C spelling ("==>" for implies).
func B(x ir.Expr, op string, y ir.Expr) ir.Expr {
	o, ok := ops[op]
	if !ok {
		panic("vctest: unknown operator " + op)
	}
	return ir.Bin(o, x, y)
}

// Not is !x.
func Not(x ir.Expr) ir.Expr { return &ir.Unary{Op: ir.OpNot, X: x} }

// Old is old(g).
func Old(g *ir.Var) ir.Expr { return &ir.Old{X: g} }
