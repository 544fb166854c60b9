package entry

import (
	"sort"
	"strings"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/models"
)

// Escape analysis: which of the driver's functions and objects the kernel
// can reach. A flow-insensitive, field-insensitive inclusion (Andersen)
// points-to analysis over the addresses of the driver's functions and
// objects: values flow through locals, parameters, returns and memory
// (each object's contents are one cell), and reach sinks, the ways into
// the kernel: an argument of a kernel function that may keep it, a
// non-static global or function (other translation units), memory the
// kernel can reach (what kernel functions return, what the kernel passes
// to driver functions it calls), a value returned to the kernel. Whatever a
// sink receives escapes, and so does whatever an escaped object holds.
//
// Token 0, unknownTok, stands for any address the driver did not make
// itself: kernel memory, or an object that escaped and came back. Storing
// through it is a sink; loading through it yields it again.

const unknownTok = 0

type escNode struct {
	set   map[int]bool // toks as a set, once there are many
	toks  []int        // in insertion order
	done  int          // toks already propagated
	succ  []int
	succs map[int]bool
	// The node as an address: the contents of its tokens flow into loads;
	// stores flow into the contents of its tokens.
	loads, stores []int
	calls         []*escCall // the node as a called function pointer
	sink          *escSink
}

type escCall struct {
	args []int
	dst  int // -1 when the result is unused
}

// escSink is one way into the kernel.
type escSink struct {
	label string
	api   string // for arguments of a kernel function: its name
	// always: the kernel may use what it receives at any time; else only
	// after the first call of api (models.ClassEscaped).
	always bool
}

type escape struct {
	nodes   []*escNode
	toks    []any // *ir.Object, *ir.Function, *ir.Call (an allocation); nil for unknownTok
	objTok  map[*ir.Object]int
	fnTok   map[*ir.Function]int
	varNode map[*ir.Var]int
	content map[int]int // object token -> node of its contents
	ret     map[*ir.Function]int
	sinks   map[string]int
	kmem    int // the sink of what is stored into unknown memory
	work    []int
	kernel  map[*ir.Function]bool // functions the kernel may call: their parameters are unknown
	taken   map[*ir.Function]bool // functions whose address the driver takes
	// linkage: non-static globals and functions are reachable from other
	// translation units.
	linkage bool
	// private holds the driver's own struct types no kernel prototype
	// mentions (privateTypes), unless the local-types assumption is
	// dropped. What the driver stores into their members goes to member
	// (one node per member name, whatever the object), not into the
	// object's contents: the kernel cannot name those members, so an
	// object that escapes does not take them along, and loads of such a
	// member read member. anyMember is every member node, for a function
	// pointer loaded through a plain pointer, which may point at one.
	private   map[*ir.Struct]bool
	member    map[string]int
	anyMember int
	// closed: the exports the module's own files use (closedExports):
	// not a way to other modules.
	closed map[*ir.Object]bool
}

// escapes runs the analysis on prog.
func escapes(prog *ir.Program, linkage bool) *escape {
	return escapesSkipping(prog, linkage, nil)
}

// escapesSkipping runs the analysis without the initialiser cells skip
// selects (a bus driver's dev_groups, for devGroups).
func escapesSkipping(prog *ir.Program, linkage bool, skip func(*ir.Object, ir.Init) bool) *escape {
	e := &escape{objTok: map[*ir.Object]int{}, fnTok: map[*ir.Function]int{}, varNode: map[*ir.Var]int{},
		content: map[int]int{}, ret: map[*ir.Function]int{}, sinks: map[string]int{}, toks: []any{nil},
		kernel: map[*ir.Function]bool{}, taken: map[*ir.Function]bool{}, linkage: linkage,
		member: map[string]int{}, closed: closedExports(prog)}
	e.anyMember = e.node()
	if !prog.KernelReadsLocalFields {
		e.private = privateTypes(prog, linkage)
	}
	for _, o := range prog.Objects {
		if o.Kind != ir.StringObj {
			e.objTok[o] = len(e.toks)
			e.toks = append(e.toks, o)
		}
	}
	direct := map[*ir.Function]bool{}
	for _, f := range prog.Funcs {
		if f.External() {
			continue
		}
		e.fnTok[f] = len(e.toks)
		e.toks = append(e.toks, f)
		for _, o := range f.Frame {
			e.objTok[o] = len(e.toks)
			e.toks = append(e.toks, o)
		}
		for _, b := range f.Blocks {
			for _, st := range b.Stmts {
				if c, ok := st.(*ir.Call); ok && c.Callee != nil && !c.Callee.External() {
					direct[c.Callee] = true
				}
			}
		}
	}
	e.kmem = e.sink("stored into memory the kernel can reach", "", true)
	for _, o := range prog.Objects {
		t, ok := e.objTok[o]
		if !ok {
			continue
		}
		switch {
		case o.Extern:
			e.add(e.sink("kernel global", "", true), t)
		case strings.HasPrefix(o.Name, exportPrefix) && !e.closed[o]:
			e.add(e.sink("exported with EXPORT_SYMBOL: other modules may use it", "", true), t)
		case !o.Static && linkage:
			e.add(e.sink("non-static global: other files may use it", "", true), t)
		}
		for _, in := range o.Init {
			if skip != nil && skip(o, in) {
				continue
			}
			if m, ok := e.initMember(o, in); ok {
				e.flow(in.Value, m)
				continue
			}
			e.flow(in.Value, e.contentOf(t))
		}
	}
	for _, f := range prog.Funcs {
		if f.External() {
			continue
		}
		for _, b := range f.Blocks {
			for i, st := range b.Stmts {
				e.stmt(st)
				// An aggregate copied as an opaque range (a large
				// array of function pointers) is a Touch read of the
				// source followed by a Touch write of the destination.
				if w, ok := st.(*ir.Touch); ok && w.Write && i > 0 {
					if r, ok := b.Stmts[i-1].(*ir.Touch); ok && !r.Write {
						e.copyContents(w.Addr, r.Addr)
					}
				}
			}
			if r, ok := b.Term.(*ir.Return); ok && r.Val != nil {
				e.flow(r.Val, e.retOf(f))
			}
		}
	}
	// Functions the kernel may call: those whose address is taken (an
	// entry point of the tables, or a function reached through a table),
	// called by no driver code, or visible to other files.
	for _, f := range prog.Funcs {
		if f.External() {
			continue
		}
		if e.taken[f] || !direct[f] || (!f.Static && linkage) {
			e.kernelCalls(f)
		}
		if !f.Static && linkage {
			e.add(e.sink("non-static function: other files may call it", "", true), e.fnTok[f])
		}
	}
	e.solve()
	return e
}

// exportPrefix names the objects the models' EXPORT_SYMBOL defines
// (models/include/linux/export.h, and the tree-mode overlay): each holds the
// address of one exported symbol.
const exportPrefix = "__whoop_export_"

func (e *escape) node() int {
	e.nodes = append(e.nodes, &escNode{})
	return len(e.nodes) - 1
}

// smallSet is how many tokens a node keeps without a map.
const smallSet = 8

func (nd *escNode) has(tok int) bool {
	if nd.set != nil {
		return nd.set[tok]
	}
	for _, t := range nd.toks {
		if t == tok {
			return true
		}
	}
	return false
}

func (e *escape) sink(label, api string, always bool) int {
	if n, ok := e.sinks[label]; ok {
		return n
	}
	n := e.node()
	e.nodes[n].sink = &escSink{label: label, api: api, always: always}
	e.sinks[label] = n
	return n
}

func (e *escape) add(n, tok int) {
	nd := e.nodes[n]
	if nd.has(tok) {
		return
	}
	nd.toks = append(nd.toks, tok)
	switch {
	case nd.set != nil:
		nd.set[tok] = true
	case len(nd.toks) > smallSet:
		nd.set = make(map[int]bool, 2*len(nd.toks))
		for _, t := range nd.toks {
			nd.set[t] = true
		}
	}
	if len(nd.toks) == nd.done+1 {
		e.work = append(e.work, n)
	}
}

// edge makes everything in from flow into to.
func (e *escape) edge(from, to int) {
	if from == to {
		return
	}
	nd := e.nodes[from]
	if nd.succs == nil {
		nd.succs = map[int]bool{}
	}
	if nd.succs[to] {
		return
	}
	nd.succs[to] = true
	nd.succ = append(nd.succ, to)
	for _, t := range nd.toks {
		e.add(to, t)
	}
}

func (e *escape) varOf(v *ir.Var) int      { return memoNode(e, e.varNode, v) }
func (e *escape) retOf(f *ir.Function) int { return memoNode(e, e.ret, f) }

// memoNode returns the node of k in m, made on first use.
func memoNode[K comparable](e *escape, m map[K]int, k K) int {
	if n, ok := m[k]; ok {
		return n
	}
	n := e.node()
	m[k] = n
	return n
}

// contentOf is the node of what token t holds, or -1 (functions and
// unknownTok).
func (e *escape) contentOf(t int) int {
	switch e.toks[t].(type) {
	case *ir.Object, *ir.Call: // a global or local, an allocation
		return memoNode(e, e.content, t)
	}
	return -1
}

// kernelCalls records that the kernel may call f: its parameters may be
// anything, and what it returns reaches the kernel.
func (e *escape) kernelCalls(f *ir.Function) {
	if e.kernel[f] {
		return
	}
	e.kernel[f] = true
	for _, p := range f.Params {
		e.add(e.varOf(p), unknownTok)
	}
	e.edge(e.retOf(f), e.sink("returned to the kernel", "", true))
}

// flow makes the addresses value x may carry flow into node dst.
func (e *escape) flow(x ir.Expr, dst int) {
	switch x := x.(type) {
	case *ir.Var:
		e.edge(e.varOf(x), dst)
	case *ir.Object:
		if t, ok := e.objTok[x]; ok {
			e.add(dst, t)
		}
	case *ir.Function:
		if t, ok := e.fnTok[x]; ok {
			e.add(dst, t)
			e.taken[x] = true
		}
	case *ir.Binary:
		if x.Op < ir.OpEq || x.Op > ir.OpImplies {
			e.flow(x.X, dst)
			e.flow(x.Y, dst)
		}
	case *ir.Unary:
		if x.Op != ir.OpNot {
			e.flow(x.X, dst)
		}
	case *ir.Ite:
		e.flow(x.Then, dst)
		e.flow(x.Else, dst)
	}
}

// nodeOf returns a node holding what x may carry.
func (e *escape) nodeOf(x ir.Expr) int {
	if v, ok := x.(*ir.Var); ok {
		return e.varOf(v)
	}
	n := e.node()
	e.flow(x, n)
	return n
}

func (e *escape) stmt(st ir.Stmt) {
	switch st := st.(type) {
	case *ir.Assign:
		e.flow(st.Src, e.varOf(st.Dst))
	case *ir.Load:
		a := e.nodes[e.nodeOf(st.Addr)]
		a.loads = append(a.loads, e.varOf(st.Dst))
		if m, ok := e.memberOf(st.Struct, st.Field); ok {
			e.edge(m, e.varOf(st.Dst))
		} else if st.Struct == nil && isFuncPointer(st.Dst.CType) {
			e.edge(e.anyMember, e.varOf(st.Dst))
		}
	case *ir.Store:
		v := e.nodeOf(st.Val)
		if m, ok := e.memberOf(st.Struct, st.Field); ok {
			e.edge(v, m)
			return
		}
		an := e.nodeOf(st.Addr)
		e.nodes[an].stores = append(e.nodes[an].stores, v)
	case *ir.Call:
		e.call(st)
	}
}

func (e *escape) call(c *ir.Call) {
	dst := -1
	if c.Dst != nil {
		dst = e.varOf(c.Dst)
	}
	switch {
	case c.Callee == nil:
		fn := e.nodeOf(c.Fn)
		ec := &escCall{dst: dst}
		for _, a := range c.Args {
			ec.args = append(ec.args, e.nodeOf(a))
		}
		e.nodes[fn].calls = append(e.nodes[fn].calls, ec)
	case !c.Callee.External():
		for i, a := range c.Args {
			if i < len(c.Callee.Params) {
				e.flow(a, e.varOf(c.Callee.Params[i]))
			} else {
				// A variadic argument: read back through va_arg,
				// which whoop does not follow.
				e.flow(a, e.kmem)
			}
		}
		if dst >= 0 {
			e.edge(e.retOf(c.Callee), dst)
		}
	default:
		e.external(c, dst)
	}
}

// external applies a kernel function: lock functions and helpers that
// keep no pointer let nothing escape; any other function may keep its
// arguments.
func (e *escape) external(c *ir.Call, dst int) {
	name := c.Callee.Name
	h, known := models.HelperFor(name)
	_, isLock := models.Lock(name)
	if !models.KeepsNoPointer(name) {
		// A function with a publication effect of its own cannot also
		// publish what escapes through it.
		_, _, effect := models.CallEffect(name)
		s := e.sink("passed to "+name, name, effect)
		for _, a := range c.Args {
			e.flow(a, s)
		}
	}
	if known && h.Copy != nil && h.Copy[0] < len(c.Args) && h.Copy[1] < len(c.Args) {
		e.copyContents(c.Args[h.Copy[0]], c.Args[h.Copy[1]])
	}
	if dst < 0 {
		return
	}
	switch {
	case isLock && !known:
	case known && h.Returns == models.ReturnsFresh:
		// One token per allocation site: what the driver stores into
		// it escapes with it.
		e.add(dst, len(e.toks))
		e.toks = append(e.toks, c)
	case known && h.Returns == models.ReturnsScalar:
	case known && h.Returns == models.ReturnsArg:
		if h.RetArg < len(c.Args) {
			e.flow(c.Args[h.RetArg], dst)
		}
	default:
		e.add(dst, unknownTok)
	}
}

// copyContents makes the contents of what address src points to flow into
// the contents of what dst points to.
func (e *escape) copyContents(dst, src ir.Expr) {
	tmp := e.node()
	sn, dn := e.nodes[e.nodeOf(src)], e.nodes[e.nodeOf(dst)]
	sn.loads = append(sn.loads, tmp)
	dn.stores = append(dn.stores, tmp)
}

// solve propagates tokens to a fixed point.
func (e *escape) solve() {
	for len(e.work) > 0 {
		n := e.work[len(e.work)-1]
		e.work = e.work[:len(e.work)-1]
		nd := e.nodes[n]
		for nd.done < len(nd.toks) {
			t := nd.toks[nd.done]
			nd.done++
			for i := 0; i < len(nd.succ); i++ {
				e.add(nd.succ[i], t)
			}
			if c := e.contentOf(t); c >= 0 {
				for _, l := range nd.loads {
					e.edge(c, l)
				}
				for _, s := range nd.stores {
					e.edge(s, c)
				}
			} else if t == unknownTok {
				// Unknown memory holds unknown values: what the driver
				// stored there escaped, and following it further could
				// only add escapes (conservatively: as unknownTok).
				for _, l := range nd.loads {
					e.add(l, unknownTok)
				}
				for _, s := range nd.stores {
					e.edge(s, e.kmem)
				}
			}
			for _, ec := range nd.calls {
				e.callThrough(t, ec)
			}
			if nd.sink != nil {
				e.escaped(t, n)
			}
		}
	}
}

// callThrough binds an indirect call through token t.
func (e *escape) callThrough(t int, ec *escCall) {
	if t == unknownTok {
		s := e.sink("passed to a function the kernel handed over", "", true)
		for _, a := range ec.args {
			e.edge(a, s)
		}
		if ec.dst >= 0 {
			e.add(ec.dst, unknownTok)
		}
		return
	}
	f, ok := e.toks[t].(*ir.Function)
	if !ok {
		return
	}
	for i, a := range ec.args {
		if i < len(f.Params) {
			e.edge(a, e.varOf(f.Params[i]))
		} else {
			e.edge(a, e.kmem)
		}
	}
	if ec.dst >= 0 {
		e.edge(e.retOf(f), ec.dst)
	}
}

// escaped handles token t reaching sink node s: what an object holds
// reaches s as well, and the kernel may store its own pointers into it; the
// kernel may call a function.
func (e *escape) escaped(t, s int) {
	if c := e.contentOf(t); c >= 0 {
		e.edge(c, s)
		e.add(c, unknownTok)
	}
	if f, ok := e.toks[t].(*ir.Function); ok {
		e.kernelCalls(f)
	}
}

// sinksOf returns the sinks token t reaches, sorted by label.
func (e *escape) sinksOf(t int) []*escSink {
	var out []*escSink
	for _, n := range e.sinks {
		if e.nodes[n].has(t) {
			out = append(out, e.nodes[n].sink)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].label < out[j].label })
	return out
}

// objEscapes reports whether object o escapes, with the reason.
func (e *escape) objEscapes(o *ir.Object) (bool, string) {
	t, ok := e.objTok[o]
	if !ok {
		return false, ""
	}
	return e.why(t, o.Name)
}

// fnEscapes reports whether function f escapes, with the reason.
func (e *escape) fnEscapes(f *ir.Function) (bool, string) {
	t, ok := e.fnTok[f]
	if !ok {
		return false, ""
	}
	return e.why(t, f.Name)
}

func (e *escape) why(t int, name string) (bool, string) {
	ss := e.sinksOf(t)
	if len(ss) == 0 {
		return false, ""
	}
	labels := make([]string, len(ss))
	for i, s := range ss {
		labels[i] = s.label
	}
	return true, name + " escapes (" + strings.Join(labels, "; ") + ")"
}

// memEscapes reports whether address expression x may point into memory
// the kernel can reach: unknown memory or an escaped object.
func (e *escape) memEscapes(x ir.Expr) (bool, string) {
	n := e.node()
	e.flow(x, n)
	e.solve()
	for _, t := range e.nodes[n].toks {
		if t == unknownTok {
			return true, "the kernel can reach that memory"
		}
		switch x := e.toks[t].(type) {
		case *ir.Object:
			if ok, why := e.objEscapes(x); ok {
				return true, why
			}
		case *ir.Call:
			if ok, why := e.why(t, "memory allocated at "+x.P.String()); ok {
				return true, why
			}
		}
	}
	return false, ""
}

// publishedBy returns, for a function that reaches the kernel only as an
// argument of kernel functions that publish nothing else (CallEffect), the
// names of those functions; nil otherwise.
func (e *escape) publishedBy(f *ir.Function) []string {
	t, ok := e.fnTok[f]
	if !ok {
		return nil
	}
	var apis []string
	for _, s := range e.sinksOf(t) {
		if s.always || s.api == "" {
			return nil
		}
		apis = append(apis, s.api)
	}
	return apis
}

// scanEscaped adds an entry point for every escaped function no other site
// made callable: its address reaches the kernel some other way (a value
// returned to the kernel, memory). A non-static function other files may
// call gets one even when it is an entry point of the tables: they call it
// in any context, outside the kernel's serialisation of that role.
func (s *scanner) scanEscaped() {
	has := map[*ir.Function]bool{}
	for _, st := range s.sites {
		has[st.Func] = true
	}
	for _, f := range s.prog.Funcs {
		if f.External() {
			continue
		}
		extern := !f.Static && s.esc.linkage
		if has[f] && !extern {
			continue
		}
		ok, why := s.esc.fnEscapes(f)
		if !ok {
			continue
		}
		strct := "escape"
		if extern {
			strct = "extern"
		}
		s.add(Site{Func: f, Role: ir.RoleEntry, Struct: strct, Pos: f.Pos, Guessed: true, Escape: true,
			Note: why})
	}
}

// escapeClasses fills res.Escaped and res.EscapeCalls: a guessed entry
// point all of whose sites exist by escape, and that reaches the kernel
// only as an argument of kernel functions without a publication effect of
// their own, is published by the first call of one of them.
func (s *scanner) escapeClasses(res *Result) {
	for _, ep := range res.EntryPoints {
		if !ep.Guessed {
			continue
		}
		all := true
		for _, st := range res.SitesOf[ep] {
			all = all && st.Escape
		}
		apis := s.esc.publishedBy(ep.Func)
		if !all || apis == nil {
			continue
		}
		res.Escaped[ep] = true
		for _, a := range apis {
			res.EscapeCalls[a] = true
		}
	}
}

// funcsOf adds to fns the driver functions value x may be, by the escape
// analysis (a function pointer loaded from the driver's own table). When x
// may also come from the kernel it returns fns and false: what the driver
// stored into kernel memory would be noise, and those functions escape.
func (e *escape) funcsOf(fns []*ir.Function, x ir.Expr) ([]*ir.Function, bool) {
	n := e.node()
	e.flow(x, n)
	e.solve()
	if e.nodes[n].has(unknownTok) {
		return fns, false
	}
	seen := map[*ir.Function]bool{}
	for _, f := range fns {
		seen[f] = true
	}
	out := fns
	for _, t := range e.nodes[n].toks {
		if f, ok := e.toks[t].(*ir.Function); ok && !seen[f] {
			seen[f] = true
			out = append(out, f)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, true
}

// memberOf returns the node of member field (".name", as ir.Access.Field
// has it) of struct type s, when s is private.
func (e *escape) memberOf(s *ir.Struct, field string) (int, bool) {
	if s == nil || !e.private[s] || !strings.HasPrefix(field, ".") {
		return 0, false
	}
	name := field[1:]
	if i := strings.IndexAny(name, ".["); i >= 0 {
		name = name[:i]
	}
	if n, ok := e.member[name]; ok {
		return n, true
	}
	n := e.node()
	e.member[name] = n
	e.edge(n, e.anyMember)
	return n, true
}

// initMember returns the member node a cell of o's initialiser goes to,
// when the cell is a member of a private struct type.
func (e *escape) initMember(o *ir.Object, in ir.Init) (int, bool) {
	if len(e.private) == 0 {
		return 0, false
	}
	steps := walkPath(o.CType, in.Path).steps
	if len(steps) == 0 {
		return 0, false
	}
	last := steps[len(steps)-1]
	return e.memberOf(last.owner, "."+last.field)
}

// privateTypes returns the driver's own struct types (ir.Struct.Local) that
// no kernel prototype mentions: the types of the kernel functions the
// driver calls and of the kernel globals it uses, followed through
// pointers, arrays, members and function types (with linkage, also the
// driver's non-static functions and globals, which other files declare,
// and its exported symbols). The kernel's code is compiled without these
// types, so it cannot name their members: a function the driver stores in
// one reaches the kernel only if the driver lets it out some other way
// (the local-types assumption).
func privateTypes(prog *ir.Program, linkage bool) map[*ir.Struct]bool {
	known := map[*ir.Struct]bool{}
	seen := map[ir.Type]bool{}
	var visit func(t ir.Type)
	visit = func(t ir.Type) {
		if t == nil || seen[t] {
			return
		}
		seen[t] = true
		switch t := t.(type) {
		case *ir.Named:
			visit(t.Underlying)
		case *ir.Pointer:
			visit(t.Elem)
		case *ir.Array:
			visit(t.Elem)
		case *ir.FuncType:
			visit(t.Result)
			for _, p := range t.Params {
				visit(p)
			}
		case *ir.Struct:
			known[t] = true
			for _, f := range t.Fields {
				visit(f.Type)
			}
		}
	}
	visitDecl := func(x ir.Expr) {
		switch x := x.(type) {
		case *ir.Function:
			if x.Sig != nil {
				visit(x.Sig)
			}
		case *ir.Object:
			visit(x.CType)
		}
	}
	for _, f := range prog.Funcs {
		if f.External() || !f.Static && linkage {
			visitDecl(f)
		}
	}
	for _, o := range prog.Objects {
		switch {
		case strings.HasPrefix(o.Name, exportPrefix):
			// Other modules declare the exported symbol itself.
			for _, in := range o.Init {
				ir.WalkExpr(in.Value, visitDecl)
			}
		case o.Extern || !o.Static && linkage:
			visit(o.CType)
		}
	}
	private := map[*ir.Struct]bool{}
	for _, s := range prog.Structs {
		if s.Local && !known[s] {
			private[s] = true
		}
	}
	return private
}
