//go:build !cgo

package z3

// This file replaces the binding when cgo is off (CGO_ENABLED=0 or no C
// compiler): the package still compiles, so the rest of whoop builds and
// can explain the problem, but NewContext returns ErrNoCgo and nothing
// else does any work. Keep it in step with the cgo files' exported API
// (TestNoCgoAPIMatches checks).

import (
	"context"
	"math/big"
	"time"
)

// Context is a Z3 context; without cgo none can be created.
type Context struct{}

// Sort is a Z3 sort.
type Sort struct{}

// Expr is a Z3 term.
type Expr struct{}

// FuncDecl is an uninterpreted function symbol.
type FuncDecl struct{}

// Solver is a Z3 solver.
type Solver struct{}

// Model is a satisfying assignment.
type Model struct{}

// Add is unavailable without cgo.
func (c *Context) Add(xs ...*Expr) *Expr {
	return &Expr{}
}

// AllocatedBytes is unavailable without cgo.
func (c *Context) AllocatedBytes() uint64 {
	return 0
}

// And is unavailable without cgo.
func (c *Context) And(xs ...*Expr) *Expr {
	return &Expr{}
}

// Apply is unavailable without cgo.
func (c *Context) Apply(f *FuncDecl, args ...*Expr) *Expr {
	return &Expr{}
}

// ArraySort is unavailable without cgo.
func (c *Context) ArraySort(domain, rng *Sort) *Sort {
	return &Sort{}
}

// BV is unavailable without cgo.
func (c *Context) BV(v int64, bits uint) *Expr {
	return &Expr{}
}

// BV2Int is unavailable without cgo.
func (c *Context) BV2Int(a *Expr, signed bool) *Expr {
	return &Expr{}
}

// BVAShr is unavailable without cgo.
func (c *Context) BVAShr(a, b *Expr) *Expr {
	return &Expr{}
}

// BVAdd is unavailable without cgo.
func (c *Context) BVAdd(a, b *Expr) *Expr {
	return &Expr{}
}

// BVAnd is unavailable without cgo.
func (c *Context) BVAnd(a, b *Expr) *Expr {
	return &Expr{}
}

// BVBig is unavailable without cgo.
func (c *Context) BVBig(v *big.Int, bits uint) *Expr {
	return &Expr{}
}

// BVLShr is unavailable without cgo.
func (c *Context) BVLShr(a, b *Expr) *Expr {
	return &Expr{}
}

// BVMul is unavailable without cgo.
func (c *Context) BVMul(a, b *Expr) *Expr {
	return &Expr{}
}

// BVNeg is unavailable without cgo.
func (c *Context) BVNeg(a *Expr) *Expr {
	return &Expr{}
}

// BVNot is unavailable without cgo.
func (c *Context) BVNot(a *Expr) *Expr {
	return &Expr{}
}

// BVOr is unavailable without cgo.
func (c *Context) BVOr(a, b *Expr) *Expr {
	return &Expr{}
}

// BVSDiv is unavailable without cgo.
func (c *Context) BVSDiv(a, b *Expr) *Expr {
	return &Expr{}
}

// BVSGe is unavailable without cgo.
func (c *Context) BVSGe(a, b *Expr) *Expr {
	return &Expr{}
}

// BVSGt is unavailable without cgo.
func (c *Context) BVSGt(a, b *Expr) *Expr {
	return &Expr{}
}

// BVSLe is unavailable without cgo.
func (c *Context) BVSLe(a, b *Expr) *Expr {
	return &Expr{}
}

// BVSLt is unavailable without cgo.
func (c *Context) BVSLt(a, b *Expr) *Expr {
	return &Expr{}
}

// BVSMod is unavailable without cgo.
func (c *Context) BVSMod(a, b *Expr) *Expr {
	return &Expr{}
}

// BVSRem is unavailable without cgo.
func (c *Context) BVSRem(a, b *Expr) *Expr {
	return &Expr{}
}

// BVShl is unavailable without cgo.
func (c *Context) BVShl(a, b *Expr) *Expr {
	return &Expr{}
}

// BVSort is unavailable without cgo.
func (c *Context) BVSort(bits uint) *Sort {
	return &Sort{}
}

// BVSub is unavailable without cgo.
func (c *Context) BVSub(a, b *Expr) *Expr {
	return &Expr{}
}

// BVUDiv is unavailable without cgo.
func (c *Context) BVUDiv(a, b *Expr) *Expr {
	return &Expr{}
}

// BVUGe is unavailable without cgo.
func (c *Context) BVUGe(a, b *Expr) *Expr {
	return &Expr{}
}

// BVUGt is unavailable without cgo.
func (c *Context) BVUGt(a, b *Expr) *Expr {
	return &Expr{}
}

// BVULe is unavailable without cgo.
func (c *Context) BVULe(a, b *Expr) *Expr {
	return &Expr{}
}

// BVULt is unavailable without cgo.
func (c *Context) BVULt(a, b *Expr) *Expr {
	return &Expr{}
}

// BVURem is unavailable without cgo.
func (c *Context) BVURem(a, b *Expr) *Expr {
	return &Expr{}
}

// BVXor is unavailable without cgo.
func (c *Context) BVXor(a, b *Expr) *Expr {
	return &Expr{}
}

// BoolSort is unavailable without cgo.
func (c *Context) BoolSort() *Sort {
	return &Sort{}
}

// BoolVal is unavailable without cgo.
func (c *Context) BoolVal(b bool) *Expr {
	return &Expr{}
}

// ClearErr is unavailable without cgo.
func (c *Context) ClearErr() {}

// Close is unavailable without cgo.
func (c *Context) Close() error {
	return ErrNoCgo
}

// Collect is unavailable without cgo.
func (c *Context) Collect() {}

// Concat is unavailable without cgo.
func (c *Context) Concat(a, b *Expr) *Expr {
	return &Expr{}
}

// Const is unavailable without cgo.
func (c *Context) Const(name string, s *Sort) *Expr {
	return &Expr{}
}

// ConstArray is unavailable without cgo.
func (c *Context) ConstArray(domain *Sort, val *Expr) *Expr {
	return &Expr{}
}

// Distinct is unavailable without cgo.
func (c *Context) Distinct(xs ...*Expr) *Expr {
	return &Expr{}
}

// Div is unavailable without cgo.
func (c *Context) Div(a, b *Expr) *Expr {
	return &Expr{}
}

// Eq is unavailable without cgo.
func (c *Context) Eq(a, b *Expr) *Expr {
	return &Expr{}
}

// Err is unavailable without cgo.
func (c *Context) Err() error {
	return ErrNoCgo
}

// Extract is unavailable without cgo.
func (c *Context) Extract(hi, lo uint, a *Expr) *Expr {
	return &Expr{}
}

// False is unavailable without cgo.
func (c *Context) False() *Expr {
	return &Expr{}
}

// FreshConst is unavailable without cgo.
func (c *Context) FreshConst(prefix string, s *Sort) *Expr {
	return &Expr{}
}

// FuncDecl is unavailable without cgo.
func (c *Context) FuncDecl(name string, domain []*Sort, rng *Sort) *FuncDecl {
	return &FuncDecl{}
}

// Ge is unavailable without cgo.
func (c *Context) Ge(a, b *Expr) *Expr {
	return &Expr{}
}

// Gt is unavailable without cgo.
func (c *Context) Gt(a, b *Expr) *Expr {
	return &Expr{}
}

// Iff is unavailable without cgo.
func (c *Context) Iff(a, b *Expr) *Expr {
	return &Expr{}
}

// Implies is unavailable without cgo.
func (c *Context) Implies(a, b *Expr) *Expr {
	return &Expr{}
}

// Int is unavailable without cgo.
func (c *Context) Int(v int64) *Expr {
	return &Expr{}
}

// Int2BV is unavailable without cgo.
func (c *Context) Int2BV(bits uint, a *Expr) *Expr {
	return &Expr{}
}

// IntBig is unavailable without cgo.
func (c *Context) IntBig(v *big.Int) *Expr {
	return &Expr{}
}

// IntSort is unavailable without cgo.
func (c *Context) IntSort() *Sort {
	return &Sort{}
}

// Interrupt is unavailable without cgo.
func (c *Context) Interrupt() {}

// Ite is unavailable without cgo.
func (c *Context) Ite(cond, then, els *Expr) *Expr {
	return &Expr{}
}

// Le is unavailable without cgo.
func (c *Context) Le(a, b *Expr) *Expr {
	return &Expr{}
}

// LiveHandles is unavailable without cgo.
func (c *Context) LiveHandles() int {
	return 0
}

// Lt is unavailable without cgo.
func (c *Context) Lt(a, b *Expr) *Expr {
	return &Expr{}
}

// Mod is unavailable without cgo.
func (c *Context) Mod(a, b *Expr) *Expr {
	return &Expr{}
}

// Mul is unavailable without cgo.
func (c *Context) Mul(xs ...*Expr) *Expr {
	return &Expr{}
}

// Neg is unavailable without cgo.
func (c *Context) Neg(a *Expr) *Expr {
	return &Expr{}
}

// NewSimpleSolver is unavailable without cgo.
func (c *Context) NewSimpleSolver() *Solver {
	return &Solver{}
}

// NewTacticSolver is unavailable without cgo.
func (c *Context) NewTacticSolver() *Solver {
	return &Solver{}
}

// NewSolver is unavailable without cgo.
func (c *Context) NewSolver() *Solver {
	return &Solver{}
}

// Not is unavailable without cgo.
func (c *Context) Not(a *Expr) *Expr {
	return &Expr{}
}

// Or is unavailable without cgo.
func (c *Context) Or(xs ...*Expr) *Expr {
	return &Expr{}
}

// Rem is unavailable without cgo.
func (c *Context) Rem(a, b *Expr) *Expr {
	return &Expr{}
}

// RotateLeft is unavailable without cgo.
func (c *Context) RotateLeft(n uint, a *Expr) *Expr {
	return &Expr{}
}

// RotateRight is unavailable without cgo.
func (c *Context) RotateRight(n uint, a *Expr) *Expr {
	return &Expr{}
}

// Select is unavailable without cgo.
func (c *Context) Select(arr, idx *Expr) *Expr {
	return &Expr{}
}

// SignExt is unavailable without cgo.
func (c *Context) SignExt(extra uint, a *Expr) *Expr {
	return &Expr{}
}

// Simplify is unavailable without cgo.
func (c *Context) Simplify(e *Expr) *Expr {
	return &Expr{}
}

// Store is unavailable without cgo.
func (c *Context) Store(arr, idx, val *Expr) *Expr {
	return &Expr{}
}

// Sub is unavailable without cgo.
func (c *Context) Sub(xs ...*Expr) *Expr {
	return &Expr{}
}

// Substitute is unavailable without cgo.
func (c *Context) Substitute(e *Expr, from, to []*Expr) *Expr {
	return &Expr{}
}

// True is unavailable without cgo.
func (c *Context) True() *Expr {
	return &Expr{}
}

// Xor is unavailable without cgo.
func (c *Context) Xor(a, b *Expr) *Expr {
	return &Expr{}
}

// ZeroExt is unavailable without cgo.
func (c *Context) ZeroExt(extra uint, a *Expr) *Expr {
	return &Expr{}
}

// ID is unavailable without cgo.
func (e *Expr) ID() uint32 {
	return 0
}

// IsValid is unavailable without cgo.
func (e *Expr) IsValid() bool {
	return false
}

// Sort is unavailable without cgo.
func (e *Expr) Sort() *Sort {
	return &Sort{}
}

// String is unavailable without cgo.
func (e *Expr) String() string {
	return "<invalid>"
}

// IsValid is unavailable without cgo.
func (f *FuncDecl) IsValid() bool {
	return false
}

// String is unavailable without cgo.
func (f *FuncDecl) String() string {
	return "<invalid>"
}

// BigInt is unavailable without cgo.
func (m *Model) BigInt(e *Expr) (*big.Int, bool) {
	return nil, false
}

// Bool is unavailable without cgo.
func (m *Model) Bool(e *Expr) (val, ok bool) {
	return false, false
}

// Close is unavailable without cgo.
func (m *Model) Close() {}

// Eval is unavailable without cgo.
func (m *Model) Eval(e *Expr, completion bool) (*Expr, error) {
	return nil, ErrNoCgo
}

// Int64 is unavailable without cgo.
func (m *Model) Int64(e *Expr) (val int64, ok bool) {
	return 0, false
}

// String is unavailable without cgo.
func (m *Model) String() string {
	return "<invalid>"
}

// Assert is unavailable without cgo.
func (s *Solver) Assert(e *Expr) error {
	return ErrNoCgo
}

// Check is unavailable without cgo.
func (s *Solver) Check(ctx context.Context) (Result, error) {
	return Unknown, ErrNoCgo
}

// CheckAssumptions is unavailable without cgo.
func (s *Solver) CheckAssumptions(ctx context.Context, assumptions ...*Expr) (Result, error) {
	return Unknown, ErrNoCgo
}

// Close is unavailable without cgo.
func (s *Solver) Close() {}

// Model is unavailable without cgo.
func (s *Solver) Model() (*Model, error) {
	return nil, ErrNoCgo
}

// NumScopes is unavailable without cgo.
func (s *Solver) NumScopes() uint {
	return 0
}

// Pop is unavailable without cgo.
func (s *Solver) Pop(n uint) error {
	return ErrNoCgo
}

// Push is unavailable without cgo.
func (s *Solver) Push() {}

// RlimitCount is unavailable without cgo.
func (s *Solver) RlimitCount() uint64 { return 0 }

// ReasonUnknown is unavailable without cgo.
func (s *Solver) ReasonUnknown() string {
	return "<invalid>"
}

// Reset is unavailable without cgo.
func (s *Solver) Reset() {}

// SetRlimit is unavailable without cgo.
func (s *Solver) SetRlimit(n uint64) {}

// SetRelevancy is unavailable without cgo.
func (s *Solver) SetRelevancy(level uint) {}

// SetTimeout is unavailable without cgo.
func (s *Solver) SetTimeout(d time.Duration) {}

// String is unavailable without cgo.
func (s *Solver) String() string {
	return "<invalid>"
}

// UnsatCore is unavailable without cgo.
func (s *Solver) UnsatCore() []*Expr {
	return nil
}

// IsValid is unavailable without cgo.
func (s *Sort) IsValid() bool {
	return false
}

// String is unavailable without cgo.
func (s *Sort) String() string {
	return "<invalid>"
}

// NewContext is unavailable without cgo.
func NewContext(cfg Config) (*Context, error) {
	return nil, ErrNoCgo
}

// Usable returns ErrNoCgo: this build has no Z3.
func Usable() error { return ErrNoCgo }

// adviseArena does nothing without cgo: no Z3 memory to place.
func adviseArena() bool { return false }

// SetMaxMemory does nothing without cgo: there is no Z3 memory.
func SetMaxMemory(bytes uint64) {}

// AllocatedBytes is 0 without cgo.
func AllocatedBytes() uint64 { return 0 }
