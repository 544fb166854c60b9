package ir

import (
	"math/big"
	"strconv"
	"strings"
)

// Shared constants.
var (
	True  = &BoolConst{Val: true}
	False = &BoolConst{Val: false}
)

// IntConst returns the integer constant v.
func IntConst(v int64) *Const { return &Const{Val: v} }

// Wrap returns x reduced to the range of a C integer type of bits (8, 16,
// 32 or 64) and the given signedness, folding constants (a folded unsigned
// 64-bit value above the int64 range is a Const with Unsigned set). It
// panics on another width: callers pass the widths of C integer types.
func Wrap(x Expr, bits int, signed bool) Expr {
	op, ok := WrapOp(bits, signed)
	if !ok {
		panic("ir.Wrap: width " + strconv.Itoa(bits))
	}
	if u, ok := x.(*Unary); ok {
		if ib, is, ok := u.Op.Wrap(); ok {
			switch {
			case ib >= bits:
				// Both are congruent to the operand modulo 2^bits.
				x = u.X
			case !is || signed:
				// The inner range fits in the outer type.
				return x
			}
		}
	}
	c, isConst := x.(*Const)
	if !isConst {
		return &Unary{Op: op, X: x}
	}
	v := big.NewInt(c.Val)
	if c.Unsigned {
		v.SetUint64(uint64(c.Val))
	}
	w := WrapValue(v, bits, signed)
	if w.IsInt64() {
		return IntConst(w.Int64())
	}
	return &Const{Val: int64(w.Uint64()), Unsigned: true}
}

// Unwrap returns the operand of x if x is a wrap to at least bits, else x:
// where only the value modulo 2^bits matters (an operand of +, -, * whose
// result is wrapped to bits), the inner wrap is redundant.
func Unwrap(x Expr, bits int) Expr {
	if u, ok := x.(*Unary); ok {
		if ib, _, ok := u.Op.Wrap(); ok && ib >= bits {
			return u.X
		}
	}
	return x
}

// WrapValue returns v reduced to the range of a C integer type of bits and
// the given signedness, as a new big.Int.
func WrapValue(v *big.Int, bits int, signed bool) *big.Int {
	m := new(big.Int).Lsh(big.NewInt(1), uint(bits))
	r := new(big.Int).Mod(v, m) // Euclidean: 0 <= r < m
	if signed && r.Bit(bits-1) == 1 {
		r.Sub(r, m)
	}
	return r
}

// Bin returns the binary expression x op y.
func Bin(op Op, x, y Expr) *Binary { return &Binary{Op: op, X: x, Y: y} }

// Not returns !x for a Bool x, folding constants and double negation.
func Not(x Expr) Expr {
	switch e := x.(type) {
	case *BoolConst:
		if e.Val {
			return False
		}
		return True
	case *Unary:
		if e.Op == OpNot {
			return e.X
		}
	}
	return &Unary{Op: OpNot, X: x}
}

// And returns the conjunction of xs, dropping true and folding false.
func And(xs ...Expr) Expr { return junction(OpLAnd, True, False, xs) }

// Or returns the disjunction of xs, dropping false and folding true.
func Or(xs ...Expr) Expr { return junction(OpLOr, False, True, xs) }

func junction(op Op, unit, zero *BoolConst, xs []Expr) Expr {
	var acc Expr
	for _, x := range xs {
		if c, ok := x.(*BoolConst); ok {
			if c.Val == zero.Val {
				return zero
			}
			continue
		}
		if acc == nil {
			acc = x
		} else {
			acc = Bin(op, acc, x)
		}
	}
	if acc == nil {
		return unit
	}
	return acc
}

// Implies returns x ==> y, folding constants.
func Implies(x, y Expr) Expr {
	if c, ok := x.(*BoolConst); ok {
		if c.Val {
			return y
		}
		return True
	}
	if c, ok := y.(*BoolConst); ok && c.Val {
		return True
	}
	return Bin(OpImplies, x, y)
}

// Eq returns x == y.
func Eq(x, y Expr) Expr { return Bin(OpEq, x, y) }

// NewFunction returns a function with no body; add blocks to give it one.
func NewFunction(name string, sig *FuncType, pos Pos) *Function {
	return &Function{Name: name, Sig: sig, Pos: pos}
}

// NewBlock appends a new block to f.
func (f *Function) NewBlock(comment string) *Block {
	b := &Block{Index: len(f.Blocks), Comment: comment, Func: f}
	f.Blocks = append(f.Blocks, b)
	return b
}

// NewLocal adds a local variable to f. If name is taken (by a parameter or
// another local) a numeric suffix makes it unique; "" gives a temporary "tN".
func (f *Function) NewLocal(name string, k Kind, ct Type, pos Pos) *Var {
	v := &Var{Name: f.uniqueName(name), Kind: k, CType: ct, Pos: pos, Func: f}
	f.Locals = append(f.Locals, v)
	f.names.locals = append(f.names.locals, v.Name)
	return v
}

// NewParam appends a parameter to f.
func (f *Function) NewParam(name string, k Kind, ct Type, pos Pos) *Var {
	v := &Var{Name: f.uniqueName(name), Kind: k, CType: ct, Pos: pos, Func: f, Param: true}
	f.Params = append(f.Params, v)
	f.names.params++
	return v
}

func (f *Function) uniqueName(name string) string {
	ix := f.nameIndex()
	if name == "" {
		name = "t" + strconv.Itoa(len(f.Locals))
		for ix.used(name) {
			name += "_"
		}
		ix.add(name)
		return name
	}
	if !ix.used(name) {
		ix.add(name)
		return name
	}
	// Resume the suffix search where the last one for this name ended:
	// scanning from .1 each time made k copies of one name (an inlined
	// callee's locals, one per call site) cost k² lookups.
	i := max(ix.next[name], 1)
	for ; ix.used(name + "." + strconv.Itoa(i)); i++ {
	}
	ix.next[name] = i + 1
	n := name + "." + strconv.Itoa(i)
	ix.add(n)
	return n
}

// names indexes the variable names of one function so that naming a new
// variable does not rescan every local (which made lowering quadratic in
// the number of temporaries: 1,000 sequential ifs took 24 s).
type names struct {
	owner  *Function // a copied Function value rebuilds its own index
	params int       // len(owner.Params) indexed
	locals []string  // the names of owner.Locals indexed, in order
	set    map[string]bool
	next   map[string]int // the next numeric suffix to try per base name
}

func (ix *names) used(n string) bool { return ix.set[n] }

func (ix *names) add(n string) { ix.set[n] = true }

// drop forgets a name, so that it can be given again as before the index
// existed (the IR printed stays the same).
func (ix *names) drop(n string) {
	delete(ix.set, n)
	if i := strings.LastIndexByte(n, '.'); i > 0 {
		if k, err := strconv.Atoi(n[i+1:]); err == nil && k < ix.next[n[:i]] {
			ix.next[n[:i]] = k
		}
	}
}

// nameIndex returns f's name index. Locals removed from the end of
// f.Locals (a temporary dropped again) are forgotten; the index is rebuilt
// when it was made for another Function value or when variables were added
// or renamed without NewLocal or NewParam.
func (f *Function) nameIndex() *names {
	ix := f.names
	if ix != nil && ix.owner == f && len(f.Locals) < len(ix.locals) {
		for _, n := range ix.locals[len(f.Locals):] {
			ix.drop(n)
		}
		ix.locals = ix.locals[:len(f.Locals)]
	}
	if ix == nil || ix.owner != f || len(f.Params) != ix.params || len(f.Locals) != len(ix.locals) ||
		len(f.Locals) > 0 && f.Locals[len(f.Locals)-1].Name != ix.locals[len(ix.locals)-1] {
		ix = &names{owner: f, params: len(f.Params), set: make(map[string]bool, len(f.Params)+len(f.Locals)+1), next: map[string]int{}}
		for _, v := range f.Params {
			ix.add(v.Name)
		}
		for _, v := range f.Locals {
			ix.add(v.Name)
			ix.locals = append(ix.locals, v.Name)
		}
		f.names = ix
	}
	if f.Ret != nil {
		ix.add(f.Ret.Name)
	}
	return ix
}

// Add appends s to b.
func (b *Block) Add(s Stmt) { b.Stmts = append(b.Stmts, s) }

// ComputePreds recomputes Block.Preds for every block of f, in block order.
func (f *Function) ComputePreds() {
	for _, b := range f.Blocks {
		b.Preds = b.Preds[:0]
	}
	for _, b := range f.Blocks {
		if b.Term == nil {
			continue
		}
		for _, s := range b.Term.Succs() {
			if s != nil {
				s.Preds = append(s.Preds, b)
			}
		}
	}
}

// NewVar adds a ghost global scalar to p.
func (p *Program) NewVar(name string, k Kind) *Var {
	v := &Var{Name: name, Kind: k}
	p.Vars = append(p.Vars, v)
	return v
}

// AddFunc appends f to p.
func (p *Program) AddFunc(f *Function) {
	p.Funcs = append(p.Funcs, f)
	p.funcByName = nil
}

// Accesses calls fn for every memory access (Load, Store, Touch) in p, in
// function, block and statement order.
func (p *Program) Accesses(fn func(f *Function, s Stmt, a *Access)) {
	for _, f := range p.Funcs {
		for _, b := range f.Blocks {
			for _, s := range b.Stmts {
				if a := AccessOf(s); a != nil {
					fn(f, s, a)
				}
			}
		}
	}
}

// AccessOf returns the memory access of s, or nil if s is not an access.
func AccessOf(s Stmt) *Access {
	switch s := s.(type) {
	case *Load:
		return &s.Access
	case *Store:
		return &s.Access
	case *Touch:
		return &s.Access
	}
	return nil
}

// IsWrite reports whether the access statement s writes memory.
func IsWrite(s Stmt) bool {
	switch s := s.(type) {
	case *Store:
		return true
	case *Touch:
		return s.Write
	}
	return false
}

// WalkExpr calls fn for e and every sub-expression of e, parents first.
func WalkExpr(e Expr, fn func(Expr)) {
	if e == nil {
		return
	}
	fn(e)
	switch e := e.(type) {
	case *Unary:
		WalkExpr(e.X, fn)
	case *Binary:
		WalkExpr(e.X, fn)
		WalkExpr(e.Y, fn)
	case *Ite:
		WalkExpr(e.Cond, fn)
		WalkExpr(e.Then, fn)
		WalkExpr(e.Else, fn)
	case *Old:
		WalkExpr(e.X, fn)
	}
}

// StmtExprs returns the expressions s reads (not its destination variables).
func StmtExprs(s Stmt) []Expr {
	switch s := s.(type) {
	case *Assign:
		return []Expr{s.Src}
	case *Assume:
		return []Expr{s.Cond}
	case *Assert:
		return []Expr{s.Cond}
	case *Load:
		return []Expr{s.Addr}
	case *Store:
		return []Expr{s.Addr, s.Val}
	case *Touch:
		if s.Len != nil {
			return []Expr{s.Addr, s.Len}
		}
		return []Expr{s.Addr}
	case *Call:
		es := make([]Expr, 0, len(s.Args)+1)
		if s.Fn != nil {
			es = append(es, s.Fn)
		}
		return append(es, s.Args...)
	}
	return nil
}

// StmtDefs returns the variables s assigns.
func StmtDefs(s Stmt) []*Var {
	switch s := s.(type) {
	case *Assign:
		return []*Var{s.Dst}
	case *Havoc:
		return s.Vars
	case *Load:
		return []*Var{s.Dst}
	case *Call:
		if s.Dst != nil {
			return []*Var{s.Dst}
		}
	}
	return nil
}

// Definitions returns, per variable of f, the statements that assign it
// (StmtDefs), in block order; a parameter's entry value is not listed.
func Definitions(f *Function) map[*Var][]Stmt {
	defs := make(map[*Var][]Stmt)
	for _, b := range f.Blocks {
		for _, s := range b.Stmts {
			for _, v := range StmtDefs(s) {
				defs[v] = append(defs[v], s)
			}
		}
	}
	return defs
}

// TermExprs returns the expressions terminator t reads.
func TermExprs(t Terminator) []Expr {
	switch t := t.(type) {
	case *If:
		return []Expr{t.Cond}
	case *Return:
		if t.Val != nil {
			return []Expr{t.Val}
		}
	}
	return nil
}

// NewRet sets f's return variable, named uniquely among f's variables.
func (f *Function) NewRet(name string, k Kind, ct Type) *Var {
	f.Ret = &Var{Name: f.uniqueName(name), Kind: k, CType: ct, Func: f}
	return f.Ret
}

// BoolConstOf returns the shared constant for b.
func BoolConstOf(b bool) *BoolConst {
	if b {
		return True
	}
	return False
}
