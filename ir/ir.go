package ir

import (
	"cmp"
	"fmt"
	"strconv"
	"strings"
	"sync"
)

// Pos is a source position. Column is 1-based in bytes. Tokens that come from
// a macro expansion carry the position of the outermost macro name.
type Pos struct {
	File string
	Line int
	Col  int
}

// ComparePos orders positions by file, then line, then column: -1, 0 or +1.
func ComparePos(a, b Pos) int {
	return cmp.Or(strings.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line), cmp.Compare(a.Col, b.Col))
}

// IsValid reports whether p names a place in a file.
func (p Pos) IsValid() bool { return p.Line > 0 }

func (p Pos) String() string {
	if !p.IsValid() {
		if p.File != "" {
			return p.File // about the whole file
		}
		return "-"
	}
	return p.File + ":" + strconv.Itoa(p.Line) + ":" + strconv.Itoa(p.Col)
}

// Diagnostic is a warning or note produced by a pass.
type Diagnostic struct {
	Pos Pos
	Msg string
}

func (d Diagnostic) String() string { return d.Pos.String() + ": " + d.Msg }

// Program is one lowered translation unit (one driver).
type Program struct {
	Path    string            // the driver file as given by the user
	Sources map[string]string // contents of files positions refer to (driver and its local headers)
	// Files are the source files of a module analysed as one program (its
	// parts, in order; Path names the module); nil for a single file.
	Files       []string
	Objects     []*Object   // global objects and string literals, in declaration order
	Funcs       []*Function // defined functions first (source order), then external ones
	Regions     []*Region   // set by the region pass; nil before it
	Vars        []*Var      // ghost global scalars (instrumentation only)
	Structs     []*Struct   // struct and union types the program uses, in first-use order
	Warnings    []Diagnostic
	EntryPoints []*EntryPoint // set by the entry-point pass
	// ExternLinkage: other translation units may call the driver's
	// non-static functions and use its non-static globals, so the
	// entry-point pass counts them as reaching the kernel (the
	// static-linkage assumption dropped).
	ExternLinkage bool
	// KernelReadsLocalFields: the kernel may read the members of the
	// driver's own struct types, so a function stored into one through
	// kernel memory reaches the kernel (the local-types assumption
	// dropped).
	KernelReadsLocalFields bool
	// ClosedExports names the exported symbols of a module of several
	// Files that only those files use (the module-exports assumption:
	// the front end found no other user in the kernel tree); nil: none.
	ClosedExports map[string]bool

	funcByName map[string]*Function
	linesMu    sync.Mutex
	lines      map[string][]int // SourceLine's index: each file's line starts
	nextSite   int
	nextSpec   int
}

// Func returns the function with the given name, or nil.
func (p *Program) Func(name string) *Function {
	if p.funcByName == nil || len(p.funcByName) != len(p.Funcs) {
		p.funcByName = make(map[string]*Function, len(p.Funcs))
		for _, f := range p.Funcs {
			p.funcByName[f.Name] = f
		}
	}
	return p.funcByName[name]
}

// Object returns the global object with the given name, or nil.
func (p *Program) Object(name string) *Object {
	for _, o := range p.Objects {
		if o.Name == name && o.Kind == GlobalObj {
			return o
		}
	}
	return nil
}

// SourceLine returns line n (1-based) of file, without its newline, or "".
// The line starts of each file are indexed on first use: the explorer's
// replays ask for a line at every event they record (6.12 rtc-cmos.c:
// a quarter of --confirm's time went to scanning the file from its start).
// Safe for concurrent use; Sources must not change once lines are asked.
func (p *Program) SourceLine(file string, n int) string {
	src, ok := p.Sources[file]
	if !ok || n <= 0 {
		return ""
	}
	starts := p.lineStarts(file, src)
	if n > len(starts) {
		return ""
	}
	line := src[starts[n-1]:]
	if n < len(starts) {
		line = src[starts[n-1] : starts[n]-1] // without the newline ending it
	}
	return trimCR(strings.TrimSuffix(line, "\n"))
}

// lineStarts returns the offset of each line's first byte in src (one
// entry per line; a final newline starts no line).
func (p *Program) lineStarts(file, src string) []int {
	p.linesMu.Lock()
	defer p.linesMu.Unlock()
	if starts, ok := p.lines[file]; ok {
		return starts
	}
	starts := []int{0}
	for i := 0; i < len(src); i++ {
		if src[i] == '\n' && i+1 < len(src) {
			starts = append(starts, i+1)
		}
	}
	if p.lines == nil {
		p.lines = make(map[string][]int)
	}
	p.lines[file] = starts
	return starts
}

func trimCR(s string) string {
	if len(s) > 0 && s[len(s)-1] == '\r' {
		return s[:len(s)-1]
	}
	return s
}

// NewSite returns a fresh access-site number, unique within the program.
func (p *Program) NewSite() int { p.nextSite++; return p.nextSite }

// NewSpecID returns a fresh specification number, unique within the program.
func (p *Program) NewSpecID() int { p.nextSpec++; return p.nextSpec }

// Kind is the kind of a scalar value.
type Kind uint8

const (
	Int Kind = iota
	Bool
)

func (k Kind) String() string {
	if k == Bool {
		return "bool"
	}
	return "int"
}

// Var is a scalar variable: a parameter, a local or temporary of a function,
// a function's return value (Function.Ret), or a ghost global (Program.Vars).
type Var struct {
	Name  string
	Kind  Kind
	CType Type // C type, nil for temporaries and ghosts
	Pos   Pos
	Func  *Function // nil for ghost globals
	Param bool
}

// Global reports whether v is a ghost global.
func (v *Var) Global() bool { return v.Func == nil }

// ObjKind classifies memory objects.
type ObjKind uint8

const (
	GlobalObj ObjKind = iota // a global or static variable
	LocalObj                 // an address-taken or aggregate local: fresh storage per activation
	StringObj                // a string literal
)

func (k ObjKind) String() string {
	switch k {
	case LocalObj:
		return "local"
	case StringObj:
		return "string"
	}
	return "global"
}

// Object is a C object with storage in memory. As an Expr it denotes its
// base address (an Int).
type Object struct {
	Name   string
	Kind   ObjKind
	CType  Type
	Bytes  int64 // size in bytes; -1 if unknown (extern arrays of unknown length)
	Pos    Pos
	Func   *Function // for LocalObj
	Init   []Init    // static initial contents (GlobalObj), in offset order
	Data   string    // contents of a StringObj, without the terminating NUL
	Static bool      // internal linkage
	Const  bool      // read-only storage
	Extern bool      // declared but not defined in this translation unit
}

// Init is one scalar cell of a static initialiser.
type Init struct {
	Offset int64
	Path   string // C designator path from the object: ".fops", ".driver.pm", "[2].name"
	Type   Type   // C type of the cell
	// Value is a *Const, an *Object or *Function (an address), or
	// Binary{OpAdd, *Object, *Const} for an address inside an object.
	Value Expr
	Pos   Pos
}

// AccessMode says how a memory access synchronises, following the kernel
// memory model as KCSAN applies it: two accesses race only if at least one
// is Plain.
type AccessMode uint8

const (
	Plain  AccessMode = iota
	Atomic            // atomic_* and bit operations
	Marked            // READ_ONCE/WRITE_ONCE and other volatile accesses
)

func (m AccessMode) String() string {
	switch m {
	case Atomic:
		return "atomic"
	case Marked:
		return "marked"
	}
	return "plain"
}

// Region is a set of memory cells that the region analysis proved disjoint
// from every other region. Two accesses can touch the same byte only if they
// name the same Region.
type Region struct {
	ID     int
	Name   string  // "struct file.f_pos", "global nvram_len", "string", ...
	Struct *Struct // the struct whose field this region is, or nil
	Field  string  // field path within Struct: ".f_pos", ".stats.rx_bytes"
	Type   Type    // C type of the cells, nil when mixed
	// Objects are the global and local objects with storage in this region.
	Objects     []*Object
	ThreadLocal bool // only fresh-per-call storage that never escapes its entry point
	ReadOnly    bool // never written (string literals, const data)
	Collapsed   bool // field-insensitive: accessed in incompatible ways
	// Zero: the region's memory starts all zero instead of arbitrary (the
	// explorer's lock table, where 0 is a free lock).
	Zero bool
	// Why says which abstraction puts different accesses into this region
	// (type rule, escaped local, merged objects, shared bit-field word,
	// collapse), for race reports; "" when nothing needs explaining.
	Why string
}

func (r *Region) String() string { return r.Name }

// Target is what a pointer-valued call argument points to, as far as the
// region analysis knows. Lock identity and registration matching use it.
type Target struct {
	Region  *Region   // region of the pointed-to cell; nil if unknown
	Objects []*Object // the objects whose storage the pointer may point into (empty: heap or kernel memory)
	Struct  *Struct   // struct type of the abstract object pointed into, or nil
	Path    string    // field path within Struct of the pointed cell (".lock"); "" at offset 0
	Exact   bool      // the offset is known and the abstract object is not collapsed
	Array   bool      // exact but for the index of an array element ("struct foo.locks[]")
	Key     string    // canonical identity: "global nvram_mutex", "struct rtl8139_private.lock"
	// Why says, when the target is not Exact, what the region analysis
	// lost ("the members of struct rtc_device are not told apart ..."),
	// for messages; "" when it has nothing to say.
	Why string
}

// Access is a memory access: what a Load, Store or Touch reads or writes.
type Access struct {
	Addr   Expr  // byte address (Int)
	Size   int64 // bytes at Addr for Load and Store
	Len    Expr  // for Touch: number of bytes from Addr; nil means Size
	Region *Region
	Mode   AccessMode
	LValue string  // the C lvalue text, "file->f_pos"
	Struct *Struct // syntactic container: the struct whose member the lvalue names, or nil
	Field  string  // member path within Struct: ".f_pos"
	Site   int     // unique in the program
	P      Pos
	// RMW marks a Load that only reads the word the Store right after it
	// writes back (a bit-field store): it is part of that write, with the
	// same address, locks and source position.
	RMW bool
	// Free marks a Touch that frees the allocation starting at Addr
	// (kfree(p): p is the start of what it frees). It covers that
	// allocation only, so two frees at different addresses never touch
	// one byte (lockset, selection).
	Free bool
	// Private marks an access to a stack object of the function's own
	// activation made before the function has used the object's address
	// for anything else (the region pass's unpublished-locals rule), or
	// through the pointer a fresh allocation returned before the pointer
	// escapes (unpublished-allocations): no other thread can hold a
	// pointer to it yet, so it races with nothing, whatever its region.
	Private bool
}

// Spec kinds.
type SpecKind uint8

const (
	Requires SpecKind = iota
	Ensures
	Invariant
)

func (k SpecKind) String() string {
	switch k {
	case Ensures:
		return "ensures"
	case Invariant:
		return "invariant"
	}
	return "requires"
}

// Spec is a contract clause or loop invariant. Candidate clauses may be
// dropped by Houdini; Free clauses are assumed and never checked.
type Spec struct {
	Kind      SpecKind
	Cond      Expr // Bool; may use *Old in Ensures and Invariant
	Candidate bool
	Free      bool
	ID        int
	Tag       string // what generated it, for debugging and grouping
}

// Function is a C function. External functions (declared, not defined) have
// no Blocks.
type Function struct {
	Name     string
	Sig      *FuncType
	Pos      Pos
	Params   []*Var
	Ret      *Var // the return value, named in Ensures; nil for void functions
	Locals   []*Var
	Frame    []*Object // address-taken and aggregate locals and parameters
	Blocks   []*Block  // Blocks[0] is the entry; nil for external functions
	Static   bool
	Inline   bool
	NoReturn bool
	Section  string // ".init.text", ".exit.text" or ""
	// Synthetic marks functions called without a declaration (implicitly int).
	Synthetic bool

	Requires []*Spec
	Ensures  []*Spec
	Modifies []*Var // ghost globals the function may assign

	names *names // index of the names above, kept by uniqueName
}

// External reports whether f has no body in this program.
func (f *Function) External() bool { return f.Blocks == nil }

// Block is a basic block.
type Block struct {
	Index      int
	Comment    string
	Stmts      []Stmt
	Term       Terminator
	Preds      []*Block
	Invariants []*Spec // when this block is a loop header
	Func       *Function
}

func (b *Block) String() string { return "b" + strconv.Itoa(b.Index) }

// Stmt is a statement.
type Stmt interface {
	Pos() Pos
	stmt()
}

// Assign sets Dst to the value of Src.
type Assign struct {
	Dst *Var
	Src Expr
	P   Pos
}

// Havoc gives each of Vars an arbitrary value.
type Havoc struct {
	Vars []*Var
	P    Pos
}

// Assume blocks every execution in which Cond is false.
type Assume struct {
	Cond Expr
	P    Pos
}

// Assert fails every execution in which Cond is false.
type Assert struct {
	Cond Expr
	ID   int    // unique in the program
	Msg  string // what it checks
	P    Pos
}

// Load reads Size bytes at Addr into Dst.
type Load struct {
	Dst *Var
	Access
}

// Store writes Val (Size bytes) at Addr.
type Store struct {
	Val Expr
	Access
}

// Touch reads or writes Len bytes at Addr without a modelled value: the
// memory effect of a kernel helper (memcpy, copy_to_user, memset, kfree, ...).
// The helper's own Call follows it.
type Touch struct {
	Write bool
	Access
}

// Equate blocks every execution in which the memory of regions A and B
// differs in some cell. The explorer's sequentialisation uses it to make a
// round's guessed initial memory equal the memory the previous round left.
type Equate struct {
	A, B *Region
	P    Pos
}

// Call calls Callee directly, or the function Fn evaluates to. For an
// indirect call Targets lists the functions it may reach (empty: unknown).
type Call struct {
	Dst        *Var // nil when there is no result or it is unused
	Callee     *Function
	Fn         Expr
	Targets    []*Function
	Args       []Expr
	ArgTargets []*Target // per argument, set by the region pass for pointer arguments; entries may be nil
	P          Pos
}

func (s *Assign) Pos() Pos { return s.P }
func (s *Havoc) Pos() Pos  { return s.P }
func (s *Assume) Pos() Pos { return s.P }
func (s *Assert) Pos() Pos { return s.P }
func (s *Load) Pos() Pos   { return s.P }
func (s *Store) Pos() Pos  { return s.P }
func (s *Touch) Pos() Pos  { return s.P }
func (s *Equate) Pos() Pos { return s.P }
func (s *Call) Pos() Pos   { return s.P }

func (*Assign) stmt() {}
func (*Havoc) stmt()  {}
func (*Assume) stmt() {}
func (*Assert) stmt() {}
func (*Load) stmt()   {}
func (*Store) stmt()  {}
func (*Touch) stmt()  {}
func (*Equate) stmt() {}
func (*Call) stmt()   {}

// Terminator ends a block.
type Terminator interface {
	Pos() Pos
	Succs() []*Block
	term()
}

// Jump continues at Target.
type Jump struct {
	Target *Block
	P      Pos
}

// If continues at Then when Cond (Bool) holds, else at Else.
type If struct {
	Cond       Expr
	Then, Else *Block
	P          Pos
}

// Return leaves the function with Val (nil for void). A Halt return leaves
// every inlined activation up to the checked function's own call: vc
// resumes after that call (or returns, in the checked function itself),
// so the callers on the way do not test for it (lockset's stop.go).
type Return struct {
	Val  Expr
	P    Pos
	Halt bool
}

// Unreachable marks a point control never reaches (after a noreturn call).
type Unreachable struct{ P Pos }

func (t *Jump) Pos() Pos        { return t.P }
func (t *If) Pos() Pos          { return t.P }
func (t *Return) Pos() Pos      { return t.P }
func (t *Unreachable) Pos() Pos { return t.P }

func (t *Jump) Succs() []*Block      { return []*Block{t.Target} }
func (t *If) Succs() []*Block        { return []*Block{t.Then, t.Else} }
func (*Return) Succs() []*Block      { return nil }
func (*Unreachable) Succs() []*Block { return nil }

func (*Jump) term()        {}
func (*If) term()          {}
func (*Return) term()      {}
func (*Unreachable) term() {}

// Expr is a side-effect-free scalar expression.
type Expr interface {
	ValueKind() Kind
	expr()
}

// Const is an integer constant. When Unsigned is set the value is uint64(Val).
type Const struct {
	Val      int64
	Unsigned bool
}

// BoolConst is true or false.
type BoolConst struct{ Val bool }

// Op is a unary or binary operator.
type Op uint8

const (
	OpAdd Op = iota
	OpSub
	OpMul
	OpDiv // C division, truncating towards zero
	OpRem // C remainder
	OpAnd // bitwise
	OpOr
	OpXor
	OpShl
	OpShr
	OpEq // Int or Bool operands
	OpNe
	OpLt
	OpLe
	OpGt
	OpGe
	OpLAnd // Bool operands
	OpLOr
	OpImplies
	OpNeg    // unary, Int
	OpBitNot // unary, Int
	OpNot    // unary, Bool
	// Wrap operators (unary, Int) reduce a value to the range of a C
	// integer type of 8, 16, 32 or 64 bits, as two's-complement hardware
	// does: unsigned modulo 2^n, signed into [-2^(n-1), 2^(n-1)). The front
	// end emits them only when integers are not assumed ideal (frontend
	// Config.ExactInts).
	OpWrapU8
	OpWrapU16
	OpWrapU32
	OpWrapU64
	OpWrapS8
	OpWrapS16
	OpWrapS32
	OpWrapS64
)

var opNames = [...]string{
	OpAdd: "+", OpSub: "-", OpMul: "*", OpDiv: "/", OpRem: "%",
	OpAnd: "&", OpOr: "|", OpXor: "^", OpShl: "<<", OpShr: ">>",
	OpEq: "==", OpNe: "!=", OpLt: "<", OpLe: "<=", OpGt: ">", OpGe: ">=",
	OpLAnd: "&&", OpLOr: "||", OpImplies: "==>",
	OpNeg: "-", OpBitNot: "~", OpNot: "!",
	OpWrapU8: "wrap_u8", OpWrapU16: "wrap_u16", OpWrapU32: "wrap_u32", OpWrapU64: "wrap_u64",
	OpWrapS8: "wrap_s8", OpWrapS16: "wrap_s16", OpWrapS32: "wrap_s32", OpWrapS64: "wrap_s64",
}

// WrapOp returns the wrap operator to a C integer type of the given width
// (8, 16, 32 or 64 bits) and signedness; ok is false for other widths.
func WrapOp(bits int, signed bool) (op Op, ok bool) {
	var k Op
	switch bits {
	case 8:
		k = 0
	case 16:
		k = 1
	case 32:
		k = 2
	case 64:
		k = 3
	default:
		return 0, false
	}
	if signed {
		return OpWrapS8 + k, true
	}
	return OpWrapU8 + k, true
}

// Wrap reports the width and signedness of a wrap operator; ok is false
// for every other operator.
func (o Op) Wrap() (bits int, signed, ok bool) {
	if o < OpWrapU8 || o > OpWrapS64 {
		return 0, false, false
	}
	k := int(o - OpWrapU8)
	return 8 << (k % 4), k >= 4, true
}

func (o Op) String() string {
	if int(o) < len(opNames) {
		return opNames[o]
	}
	return fmt.Sprintf("op%d", o)
}

// Unary applies OpNeg, OpBitNot or OpNot.
type Unary struct {
	Op Op
	X  Expr
}

// Binary applies a binary operator.
type Binary struct {
	Op   Op
	X, Y Expr
}

// Ite is Cond ? Then : Else; Then and Else have the same kind.
type Ite struct {
	Cond, Then, Else Expr
}

// Old is the value of a ghost global at entry to the enclosing function. It
// may appear in Ensures and in loop Invariants (Boogie's old()).
type Old struct{ X *Var }

func (v *Var) ValueKind() Kind     { return v.Kind }
func (*Const) ValueKind() Kind     { return Int }
func (*BoolConst) ValueKind() Kind { return Bool }
func (*Object) ValueKind() Kind    { return Int }
func (*Function) ValueKind() Kind  { return Int }
func (e *Old) ValueKind() Kind     { return e.X.Kind }
func (e *Ite) ValueKind() Kind     { return e.Then.ValueKind() }
func (e *Unary) ValueKind() Kind {
	if e.Op == OpNot {
		return Bool
	}
	return Int
}
func (e *Binary) ValueKind() Kind {
	if e.Op >= OpEq && e.Op <= OpImplies {
		return Bool
	}
	return Int
}

func (*Var) expr()       {}
func (*Const) expr()     {}
func (*BoolConst) expr() {}
func (*Object) expr()    {}
func (*Function) expr()  {}
func (*Old) expr()       {}
func (*Ite) expr()       {}
func (*Unary) expr()     {}
func (*Binary) expr()    {}

// Role is what an entry point is for the kernel.
type Role string

const (
	RoleInit     Role = "init"  // module init, or a bus probe: runs before the device is published
	RoleExit     Role = "exit"  // module exit, or a bus remove
	RoleEntry    Role = "entry" // an operation called on behalf of user space or the kernel
	RoleIRQ      Role = "irq"   // hard interrupt handler
	RoleThreaded Role = "irq-thread"
	RoleTimer    Role = "timer"
	RoleWork     Role = "work"
	RoleTasklet  Role = "tasklet"
	RoleNAPI     Role = "napi"
	RoleNotifier Role = "notifier"
)

// ParamKind says how the environment makes an entry point's argument.
type ParamKind uint8

const (
	ParamScalar ParamKind = iota // not a pointer
	ParamShared                  // may be the same object in concurrent calls (struct file, net_device, ...)
	ParamFresh                   // a new object for every call, never shared (the ppos copy, a poll table)
	ParamUser                    // a user-space pointer; the kernel reaches it only through copy helpers
)

func (k ParamKind) String() string {
	switch k {
	case ParamShared:
		return "shared"
	case ParamFresh:
		return "fresh"
	case ParamUser:
		return "user"
	}
	return "scalar"
}

// EntryPoint is a driver function the kernel calls.
type EntryPoint struct {
	Func    *Function
	Role    Role
	Struct  string // ops struct type ("file_operations") or registering API ("request_irq", "module_init")
	Var     string // global variable holding the ops struct, if any
	Field   string // field of the ops struct, if any ("llseek", "driver.pm.suspend")
	Pos     Pos    // where it is registered
	Guessed bool   // role guessed from the field name of an unknown ops struct
	Note    string
	Params  []ParamKind // one per parameter of Func
}

// Name is the entry point's function name.
func (e *EntryPoint) Name() string { return e.Func.Name }
