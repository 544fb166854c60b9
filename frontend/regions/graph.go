package regions

import (
	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/models"
)

// graph is the points-to graph of one program and the constraints that
// still need the fixpoint.
type graph struct {
	prog *ir.Program
	opts Options
	ti   *typeInfo

	nodes    []*node
	queue    [][2]ptr
	draining bool
	changes  int
	scratch  []span

	vals      map[*ir.Var]ptr
	objNodes  map[*ir.Object]*node
	fnNodes   map[*ir.Function]*node
	retVals   map[*ir.Function]ptr
	canon     map[string]*node
	externals map[string]*node
	strNode   *node
	userNode  *node
	absNode   *node
	blob      *node // every kernel object when Options.NoTypeAssumption
	current   *node // the calling thread's task (current.go), once used
	taskType  *ir.Struct
	blocks    []*node // allocations a kernel function stores into the caller's struct (freshout.go)

	lins    map[*ir.Var]lin
	linDefs map[*ir.Var][]ir.Expr
	linTop  map[*ir.Var]bool

	// Constraints the fixpoint re-examines.
	escapes  []escape
	strides  []pendingStride
	moves    []ptr // bases a constant was added to (resolveMemberWalks)
	unknowns []pendingUnknown
	copies   []pendingCopy
	indirect []*pendingIndirect
	stores   []pendingStore
	slots    []slotOp // kernel slots' typed stores and loads (slots.go)
	plain    []ptr    // cells of the other pointer loads and stores
	views    []*view  // embedded structs handed to the kernel typed (views.go)
	viewSet  map[viewKey]bool
	// memberFolds: foldBetween made a fold of scalar members
	// (fold.member), so resolveMemberWalks has something to check.
	memberFolds bool

	accesses []*accessRec
	touchAt  map[*ir.Var]*ir.Access // a helper touch through each address variable
	calls    map[*ir.Call][]*ptr    // materialised arguments of calls to external functions
	direct   map[*ir.Call][]*ptr    // the same for direct calls of driver functions (members.go)
	fnPtrs   map[*ir.Call]ptr       // callee value of indirect calls
	canonVer map[*node]int
	// apart: per struct type the driver declares, its allocations kept
	// off the canonical node until something else needs it (A14,
	// localtypes.go); demanded: the types that have a canonical node.
	apart    map[string][]ptr
	demanded map[string]bool
	order    map[*ir.Object]int
	extents  map[*node]span
	rootBuf  []*node

	// split maps each entry point the driver also calls to the copy that
	// takes the driver's calls (split.go): a pointer to the entry point
	// has the copy's signature, and an indirect call reaches the copy.
	split map[*ir.Function]*ir.Function
	// constParams: the parameters of helper copies that every call passes
	// the same constant (members.go), and linLoads the variables loaded
	// from read-only tables (eval.go): both give lins.
	constParams map[*ir.Var]int64
	linLoads    map[*ir.Var][]*ir.Load

	kernelInts map[*ir.Object]bool // integer globals of the kernel (kernelints.go)
	// slotLoadTypes: per kernel slot member, the struct types the
	// program reads it as (slots.go).
	slotLoadTypes map[string]map[string]bool

	liveViews map[*node][]liveView // after the fixpoint: the views that hold
	viewers   map[*node][]viewer   // the same, by canonical root

	readRoots readCache // the roots the driver reads (handback.go)
}

type escape struct {
	p        ptr
	t        ir.Type // static pointee type at the call, or nil
	contents bool    // a struct passed by value: the pointers in it escape, not the object
	// call holds the arguments of the external call that passes p (nil
	// for other escapes): a stack local it receives is only lent (A6).
	call []*ptr
	// perCall: the callee's entry-point row takes this argument to be a
	// per-call object (models.Fresh): a fresh parameter's pointee is
	// lent to it like a stack local.
	perCall bool
	// slot: a store into the kernel slot at this cell (slots.go); the
	// current task escapes only once the slot's object is the kernel's
	// (current.go).
	slot *ptr
	// slotType and slotKey: the static pointee type of a slot store's
	// pointer and the slot member (slotEscapeType).
	slotType ir.Type
	slotKey  string
}

type pendingStride struct {
	p      ptr
	stride int64
	reach  int64 // bytes past p the walk surely spans (align.go)
}

type pendingUnknown struct {
	result, src ptr
	done        bool
}

type pendingCopy struct {
	dst, src       ptr
	n              int64   // bytes, -1 unknown
	dstArg, srcArg ir.Expr // the call's arguments, for the bounds of an unknown n
}

type pendingIndirect struct {
	call    *ir.Call
	fn      ptr
	args    []*ptr
	ftype   *ir.FuncType
	escaped bool
	bound   bool // args unified with the parameters of the callee node
	lends   bool // the call may lend stack locals (A6): its result is no pointer
	// perCall[i]: the call goes through an ops field whose row makes
	// argument i a per-call object (indirectRow).
	perCall []bool
	// keepsNone: the call goes through a kernel ops member whose every
	// implementation keeps no pointer it receives (models.OpsKeepsNoPointer).
	keepsNone bool
}

type pendingStore struct {
	dst ptr
	val ptr
	t   ir.Type // static pointee type of the stored pointer, or nil
}

// accessRec is one memory access and its address.
type accessRec struct {
	stmt  ir.Stmt
	acc   *ir.Access
	fn    *ir.Function
	p     ptr
	size  int64 // Load/Store bytes; Touch: constant length or -1
	touch bool
	order int
}

func newGraph(prog *ir.Program, opts Options) *graph {
	return &graph{
		prog:      prog,
		opts:      opts,
		ti:        newTypeInfo(),
		vals:      make(map[*ir.Var]ptr),
		objNodes:  make(map[*ir.Object]*node),
		fnNodes:   make(map[*ir.Function]*node),
		retVals:   make(map[*ir.Function]ptr),
		canon:     make(map[string]*node),
		externals: make(map[string]*node),
		lins:      make(map[*ir.Var]lin),
		linDefs:   make(map[*ir.Var][]ir.Expr),
		linTop:    make(map[*ir.Var]bool),
		calls:     make(map[*ir.Call][]*ptr),
		direct:    make(map[*ir.Call][]*ptr),
		linLoads:  make(map[*ir.Var][]*ir.Load),
		fnPtrs:    make(map[*ir.Call]ptr),
		canonVer:  make(map[*node]int),
		apart:     make(map[string][]ptr),
		demanded:  make(map[string]bool),
	}
}

// addFlags sets origin bits on the root of p.
func (g *graph) addFlags(p ptr, f origin) {
	r, _ := p.resolve()
	if r.r.flags&f != f {
		r.r.flags |= f
		g.touch(r.r)
	}
}

// addFact records that an object of type t starts at p.
func (g *graph) addFact(p ptr, t ir.Type) {
	if !factType(t) {
		return
	}
	r, off := p.resolve()
	if g.addFactNoRenorm(r, off, t, g.ti.key(t)) {
		g.renormalise(r)
	}
}

// addFactNoRenorm records a fact on root n and reports whether the folds
// changed (the caller must then renormalise).
func (g *graph) addFactNoRenorm(n *node, off int64, t ir.Type, key string) bool {
	r := n.r
	k := factKey{off, key}
	if r.factSet == nil {
		r.factSet = make(map[factKey]bool)
	}
	if r.factSet[k] {
		return false
	}
	r.factSet[k] = true
	r.facts = append(r.facts, fact{off, t, key})
	g.touch(r)
	changed := false
	for _, f := range g.ti.foldsOf(t) {
		if g.addFoldNoRenorm(n, f.shifted(off)) {
			changed = true
		}
	}
	return changed
}

func (g *graph) addObject(n *node, o *ir.Object) {
	n.r.objs = append(n.r.objs, objAt{o, 0})
}

// objNode returns the node of a global, string or frame object.
func (g *graph) objNode(o *ir.Object) *node {
	if n, ok := g.objNodes[o]; ok {
		return n
	}
	var n *node
	switch o.Kind {
	case ir.StringObj:
		if g.strNode == nil {
			g.strNode = g.newNode()
			g.strNode.r.flags = oString
			g.addFold(g.strNode, &fold{lo: negInf, hi: posInf, stride: 1})
		}
		n = g.strNode
		g.addObject(n, o)
	case ir.LocalObj:
		n = g.newNode()
		n.r.flags = oFrame
		fn := ""
		if o.Func != nil {
			fn = o.Func.Name
		}
		n.r.labels = append(n.r.labels, label{text: "local " + o.Name + " in " + fn, t: o.CType})
		g.addObject(n, o)
		g.addFact(ptr{n: n}, o.CType)
	default:
		n = g.newNode()
		switch {
		case o.Const:
			n.r.flags = oConst
		default:
			n.r.flags = oGlobal
		}
		if o.Extern || (!o.Static && g.opts.NoLinkageAssumption) {
			n.r.flags |= oGlobal | oKernel
		}
		g.addObject(n, o)
		g.addFact(ptr{n: n}, o.CType)
	}
	g.objNodes[o] = n
	return n
}

// fnNode returns the node whose only content is function f's code.
func (g *graph) fnNode(f *ir.Function) *node {
	if n, ok := g.fnNodes[f]; ok {
		return n
	}
	n := g.newNode()
	n.r.flags = oFunction
	n.r.funcs = []*ir.Function{f}
	g.fnNodes[f] = n
	s := &sig{ret: g.retVal(f)}
	if f.External() {
		// The kernel's own function: whatever it receives escapes.
		if f.Sig != nil {
			for _, t := range f.Sig.Params {
				p := ptr{n: g.newNode()}
				g.addFlags(p, oKernel)
				g.escapes = append(g.escapes, escape{p: p, t: pointee(t)})
				s.params = append(s.params, p)
			}
		}
	} else {
		callee := f
		if c, ok := g.split[f]; ok {
			callee = c
			s.ret = g.retVal(c)
		}
		for _, v := range callee.Params {
			s.params = append(s.params, g.valueOf(v))
		}
	}
	n.r.sig = s
	return n
}

// retVal is the value function f returns.
func (g *graph) retVal(f *ir.Function) ptr {
	if p, ok := g.retVals[f]; ok {
		return p
	}
	var p ptr
	if f.Ret != nil {
		p = g.valueOf(f.Ret)
	} else {
		p = ptr{n: g.newNode()}
		if f.Sig != nil {
			if pt := pointee(f.Sig.Result); pt != nil {
				g.addFact(p, pt)
			}
		}
	}
	if f.External() {
		g.externalResult(p, f)
	}
	g.retVals[f] = p
	return p
}

// externalResult gives p what an external function f returns.
func (g *graph) externalResult(p ptr, f *ir.Function) {
	h, known := models.HelperFor(f.Name)
	if _, isLock := models.Lock(f.Name); isLock && !known {
		return
	}
	if known && h.Returns != models.ReturnsExternal && h.Returns != models.ReturnsCurrent {
		// (get_current called through a pointer: the kernel's task.)
		return
	}
	g.addFlags(p, oKernel)
}

// valueOf is the pointer value variable v holds.
func (g *graph) valueOf(v *ir.Var) ptr {
	if p, ok := g.vals[v]; ok {
		return p
	}
	p := ptr{n: g.newNode()}
	g.vals[v] = p
	if pt := pointee(v.CType); pt != nil {
		g.addFact(p, pt)
	}
	return p
}

// canonNode is the one node of all objects of struct type s the driver can
// reach through kernel-made pointers.
func (g *graph) canonNode(s *ir.Struct, t ir.Type) *node {
	if g.opts.NoTypeAssumption {
		return g.kernelBlob()
	}
	k := structKey(s)
	if n, ok := g.canon[k]; ok {
		return n
	}
	n := g.newNode()
	n.r.flags = oCanonical | oKernel
	g.canon[k] = n
	g.addFact(ptr{n: n}, t)
	return n
}

// externalNode is kernel memory of scalar type t: an array of t.
func (g *graph) externalNode(t ir.Type) *node {
	if g.opts.NoTypeAssumption {
		return g.kernelBlob()
	}
	class, size := scalarClass(t)
	if s := structPointee(t); s != nil && !g.opts.NoTypedPointerMemory {
		// Kernel memory holding S* holds pointers to S objects (A11):
		// its own node, so that its pointees are not those of kernel
		// char * or void * memory (external pointer's: external char).
		class = "pointer to " + structKey(s)
	}
	if n, ok := g.externals[class]; ok {
		return n
	}
	n := g.newNode()
	n.r.flags = oExternal | oKernel
	n.r.labels = append(n.r.labels, label{text: "external " + externalName(t, class)})
	g.externals[class] = n
	g.addFact(ptr{n: n}, t)
	if size <= 0 {
		size = 1
	}
	g.addFold(n, &fold{lo: negInf, hi: posInf, stride: size})
	return n
}

// kernelBlob is all kernel memory as one collapsed node (NoTypeAssumption).
func (g *graph) kernelBlob() *node {
	if g.blob == nil {
		g.blob = g.newNode()
		g.blob.r.flags = oExternal | oKernel
		g.blob.r.labels = append(g.blob.r.labels, label{text: "kernel memory"})
		g.addFold(g.blob, &fold{lo: negInf, hi: posInf, stride: 1})
	}
	return g.blob
}

func (g *graph) user() *node {
	if g.userNode == nil {
		g.userNode = g.newNode()
		g.userNode.r.flags = oUser
		g.userNode.r.labels = append(g.userNode.r.labels, label{text: "user memory"})
		g.addFold(g.userNode, &fold{lo: negInf, hi: posInf, stride: 1})
	}
	return g.userNode
}

func (g *graph) absolute() *node {
	if g.absNode == nil {
		g.absNode = g.newNode()
		g.absNode.r.flags = oAbsolute
		g.absNode.r.labels = append(g.absNode.r.labels, label{text: "absolute memory"})
	}
	return g.absNode
}
