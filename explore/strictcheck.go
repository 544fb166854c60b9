package explore

import (
	"fmt"
	"math/big"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/models"
)

// checker is the strict check of one trace (strict.go): its own
// interpreter over the original program, driven by the log.
type checker struct {
	prog  *ir.Program
	l     *traceLog
	sems  map[*ir.Call]bool
	proto *protocol
	// mem holds every cell the trace wrote or read, by address: values as
	// written, read back as the reading type has them.
	mem     map[string]*big.Int
	spans   []span // the objects that exist: globals, frames, allocations
	threads map[int]*sThread
	locks   map[string]*big.Int // 0 free, -1 held for writing, n readers
	writes  []sAccess           // every write, in order
	event   int                 // the event being checked
	byAddr  map[int64]*ir.Function
	// kernelObjs are the objects of struct types the kernel handed to an
	// entry point, by type: two of one type are one or disjoint.
	kernelObjs map[*ir.Struct][]*big.Int
	// helperWrites are the bytes kernel helpers wrote with values the
	// environment chose: a read there takes the trace's value, as from
	// memory nobody initialised (the replay keeps a helper's write of a
	// struct apart from its fields' cells).
	helperWrites []span
	// links ties the objects the kernel hands in to the setup's
	// (strictkobj.go); nil without the publication assumption.
	links *setupLinks
}

// span is an object's storage.
type span struct {
	start, size *big.Int
	zeroed      bool // starts all zero (kzalloc)
	obj         *ir.Object
}

type sThread struct {
	id        int
	ep        *ir.EntryPoint
	args      []*big.Int
	stack     []*sFrame
	pending   *sCall // a call whose activation the next event begins
	atomicRet map[*ir.Call]*big.Int
	running   bool // inside its entry point
	// begun: its entry point has executed a statement. The replay starts
	// both threads before either runs, so the protocol's checks of a
	// start wait for the first statement.
	begun bool
	// opener is the entry point the thread runs before its own while it
	// runs (a file's open, a device's probe: protocol.go), with its
	// arguments; the protocol checks it as the entry point it is.
	opener     *ir.EntryPoint
	openerArgs []*big.Int
	done       bool // stopped (a bound, an oops, a noreturn call)
	last       int  // its last statement's event
	accesses   []sAccess
}

type sFrame struct {
	fn    *ir.Function
	vars  map[*ir.Var]*big.Int
	frame map[*ir.Object]*big.Int
	block *ir.Block
	next  int
	dst   *ir.Var // the caller's variable for the result
}

type sCall struct {
	fn   *ir.Function
	args []*big.Int
	dst  *ir.Var
}

type sAccess struct {
	thread, event int
	addr          *big.Int
	write, plain  bool
}

// rejection is why a trace is no execution of the program. hopeless: no
// trace of the pair can do better (the protocol needs an event neither
// thread's code can make: a put_device, a publication).
type rejection struct {
	msg      string
	hopeless bool
}

func (r *rejection) Error() string { return r.msg }

func rejectf(pos ir.Pos, format string, args ...any) error {
	msg := fmt.Sprintf(format, args...)
	if pos.IsValid() {
		msg = fmt.Sprintf("line %d: %s", pos.Line, msg)
	}
	return &rejection{msg: msg}
}

// strictCheck evaluates the trace l again over prog and returns why it is
// no execution of the program (its verdict on the race included), or "".
// sems are the calls on semaphores the explorer takes for counting ones;
// noPub drops the publication assumption (Options.NoPublication).
func strictCheck(prog *ir.Program, facts models.Facts, sems map[*ir.Call]bool, noPub bool, l *traceLog) string {
	why, _ := strictVerdict(prog, facts, sems, noPub, l)
	return why
}

// strictVerdict is strictCheck, and whether the rejection is hopeless.
func strictVerdict(prog *ir.Program, facts models.Facts, sems map[*ir.Call]bool, noPub bool, l *traceLog) (string, bool) {
	if l == nil {
		return "no record of the trace", false
	}
	c := &checker{prog: prog, l: l, sems: sems, proto: newProtocol(prog, facts, noPub),
		mem: make(map[string]*big.Int), threads: make(map[int]*sThread), locks: make(map[string]*big.Int),
		byAddr: make(map[int64]*ir.Function)}
	for f, a := range l.funcs {
		c.byAddr[a] = f
	}
	if !noPub {
		c.links = newSetupLinks(prog)
	}
	for _, o := range prog.Objects {
		if a, ok := l.objs[o]; ok && o.Bytes > 0 {
			c.spans = append(c.spans, span{start: a, size: big.NewInt(o.Bytes), obj: o})
		}
	}
	for i, ev := range l.events {
		c.event = i
		th := c.thread(ev.thread)
		var err error
		switch ev.kind {
		case evStart:
			err = c.start(th, ev)
		case evEnter:
			err = c.enter(th, ev)
		case evStmt:
			err = c.stmt(th, ev)
		case evTerm:
			err = c.term(th, ev)
		case evOpen:
			err = c.open(th, ev)
		}
		if err != nil {
			r, _ := err.(*rejection)
			return err.Error(), r != nil && r.hopeless
		}
	}
	if err := c.raceHolds(); err != nil {
		return err.Error(), false
	}
	return "", false
}

func (c *checker) thread(id int) *sThread {
	th, ok := c.threads[id]
	if !ok {
		th = &sThread{id: id, atomicRet: make(map[*ir.Call]*big.Int), last: -1}
		c.threads[id] = th
	}
	return th
}

func (c *checker) other(th *sThread) *sThread {
	switch th.id {
	case 1:
		return c.threads[2]
	case 2:
		return c.threads[1]
	}
	return nil
}

func (c *checker) start(th *sThread, ev traceEvent) error {
	c.setupCut()
	if len(th.stack) > 0 || th.pending != nil {
		return rejectf(ev.ep.Pos, "%s starts while thread %d still runs %s", ev.ep.Name(), th.id, th.ep.Name())
	}
	for i, p := range ev.ep.Func.Params {
		if i < len(ev.vals) && !fits(ev.vals[i], p.CType) {
			return rejectf(ev.ep.Pos, "%s's argument %s = %s is no %s", ev.ep.Name(), p.Name, ev.vals[i], p.CType)
		}
	}
	if err := c.distinctObjects(ev.ep, ev.vals); err != nil {
		return err
	}
	th.ep, th.args, th.running, th.done, th.begun = ev.ep, ev.vals, true, false, false
	th.pending = &sCall{fn: c.body(ev.ep), args: ev.vals}
	return nil
}

// body is the function a thread of ep runs: its own, or its own under the
// locks of the driver's calls it runs inside (revalidate.go).
func (c *checker) body(ep *ir.EntryPoint) *ir.Function {
	if c.l != nil {
		if f, ok := c.l.bodies[ep]; ok {
			return f
		}
	}
	return ep.Func
}

// current is the entry point thread th runs now, and its arguments: its
// opener while that runs, else its own.
func (th *sThread) current() (*ir.EntryPoint, []*big.Int) {
	if th.opener != nil {
		return th.opener, th.openerArgs
	}
	return th.ep, th.args
}

// open begins the opener the replay runs before a thread's entry point:
// the kernel calls a file operation on a file whose open returned 0 and a
// remove on a device whose probe did (do_dentry_open, really_probe). It
// must be the open (probe) of the entry point's ops on the same object;
// the protocol checks it as any entry point, and it must return 0
// (opened).
func (c *checker) open(th *sThread, ev traceEvent) error {
	ep := th.ep
	if ep == nil || th.begun || len(th.stack) > 0 || th.pending == nil || th.pending.fn != c.body(ep) || th.opener != nil {
		return rejectf(ev.ep.Pos, "%s runs in thread %d once its entry point began", ev.ep.Name(), th.id)
	}
	if !opens(ev.ep, ep) {
		return rejectf(ev.ep.Pos, "%s runs before %s, which it does not open", ev.ep.Name(), ep.Name())
	}
	for i, p := range ev.ep.Func.Params {
		if i < len(ev.vals) && !fits(ev.vals[i], p.CType) {
			return rejectf(ev.ep.Pos, "%s's argument %s = %s is no %s", ev.ep.Name(), p.Name, ev.vals[i], p.CType)
		}
	}
	mine, ok1 := openedObject(ev.ep, ev.vals)
	theirs, ok2 := openedObject(ep, th.args)
	if !ok1 || !ok2 || mine != theirs {
		return rejectf(ev.ep.Pos, "%s opens another object than the one %s runs on", ev.ep.Name(), ep.Name())
	}
	if err := c.distinctObjects(ev.ep, ev.vals); err != nil {
		return err
	}
	th.opener, th.openerArgs = ev.ep, ev.vals
	th.pending = &sCall{fn: ev.ep.Func, args: ev.vals}
	return nil
}

// opened ends thread th's opener, which returned ret: the kernel calls
// the entry point only after it returned 0; then the entry point begins.
func (c *checker) opened(th *sThread, ret *big.Int) error {
	op := th.opener
	if ret != nil && ret.Sign() != 0 {
		return rejectf(op.Pos, "%s returned %s: the kernel does not call %s then", op.Name(), ret, th.ep.Name())
	}
	if err := c.proto.finish(th, ret); err != nil {
		return err
	}
	th.opener, th.openerArgs, th.begun = nil, nil, false
	th.pending = &sCall{fn: c.body(th.ep), args: th.args}
	return nil
}

func (c *checker) enter(th *sThread, ev traceEvent) error {
	p := th.pending
	if p == nil || p.fn != ev.fn {
		return rejectf(ev.fn.Pos, "an activation of %s that nothing calls", ev.fn.Name)
	}
	th.pending = nil
	f := &sFrame{fn: ev.fn, vars: make(map[*ir.Var]*big.Int), frame: make(map[*ir.Object]*big.Int), block: ev.fn.Blocks[0], dst: p.dst}
	for i, v := range ev.fn.Params {
		if i >= len(p.args) {
			return rejectf(ev.fn.Pos, "%s called without its parameter %s", ev.fn.Name, v.Name)
		}
		if !fits(p.args[i], v.CType) {
			return rejectf(ev.fn.Pos, "%s's parameter %s = %s is no %s", ev.fn.Name, v.Name, p.args[i], v.CType)
		}
		f.vars[v] = p.args[i]
	}
	if len(ev.vals) != len(ev.fn.Frame) {
		return rejectf(ev.fn.Pos, "%s's frame has %d objects, the trace %d", ev.fn.Name, len(ev.fn.Frame), len(ev.vals))
	}
	for i, o := range ev.fn.Frame {
		if err := c.fresh(ev.vals[i], o.Bytes, false, o.Pos, o.Name); err != nil {
			return err
		}
		f.frame[o] = ev.vals[i]
	}
	if err := c.proto.activation(th, ev.fn, p.args); err != nil {
		return err
	}
	th.stack = append(th.stack, f)
	return nil
}

// fresh registers a new object at addr: it must not be NULL and must
// overlap no object that exists.
func (c *checker) fresh(addr *big.Int, size int64, zeroed bool, pos ir.Pos, what string) error {
	if addr.Cmp(big.NewInt(nullPage)) < 0 {
		return rejectf(pos, "%s is at %s, in the NULL page", what, addr)
	}
	sz := big.NewInt(max(size, 1))
	end := new(big.Int).Add(addr, sz)
	for _, s := range c.spans {
		send := new(big.Int).Add(s.start, s.size)
		if addr.Cmp(send) < 0 && s.start.Cmp(end) < 0 {
			return rejectf(pos, "%s at %s overlaps an object that exists at %s", what, addr, s.start)
		}
	}
	c.spans = append(c.spans, span{start: addr, size: sz, zeroed: zeroed})
	return nil
}

// top is the running activation of th.
func (c *checker) top(th *sThread, pos ir.Pos) (*sFrame, error) {
	if !th.begun && th.ep != nil {
		if th.id != initThread {
			c.setupCut()
		}
		th.begun = true
		ep, args := th.current()
		if err := c.proto.start(c, th, ep, args); err != nil {
			return nil, err
		}
	}
	if th.pending != nil {
		return nil, rejectf(pos, "thread %d goes on before %s begins", th.id, th.pending.fn.Name)
	}
	if len(th.stack) == 0 || th.done {
		return nil, rejectf(pos, "thread %d runs after it returned or stopped", th.id)
	}
	return th.stack[len(th.stack)-1], nil
}

func (c *checker) stmt(th *sThread, ev traceEvent) error {
	f, err := c.top(th, ev.stmt.Pos())
	if err != nil {
		return err
	}
	if f.next >= len(f.block.Stmts) || f.block.Stmts[f.next] != ev.stmt {
		return rejectf(ev.stmt.Pos(), "the trace runs a statement of %s that does not come next", f.fn.Name)
	}
	f.next++
	th.last, th.accesses = c.event, nil
	vals := &valueQueue{vs: ev.vals, pos: ev.stmt.Pos()}
	switch st := ev.stmt.(type) {
	case *ir.Assign:
		v, err := c.eval(f, st.Src, st.P)
		if err != nil {
			return err
		}
		return c.assign(f, st.Dst, v, vals, st.P)
	case *ir.Havoc:
		for _, v := range st.Vars {
			x, err := vals.next("a havoc's value")
			if err != nil {
				return err
			}
			if v.Kind == ir.Bool && x.Sign() != 0 && x.Cmp(big.NewInt(1)) != 0 || !fits(x, v.CType) {
				return rejectf(st.P, "%s = %s is no %s", v.Name, x, v.CType)
			}
			f.vars[v] = x
		}
	case *ir.Assume:
		v, err := c.eval(f, st.Cond, st.P)
		if err != nil {
			return err
		}
		if v.Sign() == 0 {
			return rejectf(st.P, "an assumption of the program does not hold")
		}
	case *ir.Load:
		return c.load(th, f, st, vals)
	case *ir.Store:
		return c.store(th, f, st, vals)
	case *ir.Touch:
		return c.touch(th, f, st, vals)
	case *ir.Call:
		return c.call(th, f, st, vals)
	}
	return nil
}

// assign sets dst to v, which must be what the trace has and of dst's type.
func (c *checker) assign(f *sFrame, dst *ir.Var, v *big.Int, vals *valueQueue, pos ir.Pos) error {
	got, err := vals.next(dst.Name)
	if err != nil {
		return err
	}
	if got.Cmp(v) != 0 {
		return rejectf(pos, "%s is %s in the trace, %s under C's semantics", varName(dst), got, v)
	}
	if !fits(v, dst.CType) {
		return rejectf(pos, "%s = %s is no %s", varName(dst), v, dst.CType)
	}
	f.vars[dst] = v
	return nil
}

func varName(v *ir.Var) string {
	if v.Name == "" {
		return "a value"
	}
	return v.Name
}

// valueQueue hands out a statement's logged values in order.
type valueQueue struct {
	vs  []*big.Int
	pos ir.Pos
}

func (q *valueQueue) next(what string) (*big.Int, error) {
	if len(q.vs) == 0 || q.vs[0] == nil {
		return nil, rejectf(q.pos, "the trace has no value for %s", what)
	}
	v := q.vs[0]
	q.vs = q.vs[1:]
	return v, nil
}

func (c *checker) address(th *sThread, f *sFrame, acc *ir.Access) (*big.Int, bool, error) {
	addr, err := c.eval(f, acc.Addr, acc.P)
	if err != nil {
		return nil, false, err
	}
	if addr.Cmp(big.NewInt(nullPage)) < 0 {
		th.done = true // the kernel oopses: the thread stops, as in the replay
		return addr, false, nil
	}
	return addr, true, nil
}

func (c *checker) access(th *sThread, addr *big.Int, write bool, mode ir.AccessMode) {
	a := sAccess{thread: th.id, event: c.event, addr: new(big.Int).Set(addr), write: write, plain: mode == ir.Plain}
	th.accesses = append(th.accesses, a)
	if write {
		c.writes = append(c.writes, a)
	}
}

func (c *checker) load(th *sThread, f *sFrame, st *ir.Load, vals *valueQueue) error {
	addr, ok, err := c.address(th, f, &st.Access)
	if err != nil || !ok {
		return err
	}
	got, err := vals.next(st.LValue)
	if err != nil {
		return err
	}
	env := c.environment(addr)
	v, err := c.read(addr, st.Size, st.Dst.CType, got, st.P, st.LValue)
	if err != nil {
		return err
	}
	if v.Cmp(got) != 0 {
		return rejectf(st.P, "%s reads %s in the trace, %s under C's semantics", st.LValue, got, v)
	}
	if env {
		if err := c.linkHolds(th, st, v); err != nil {
			return err
		}
	}
	f.vars[st.Dst] = v
	c.access(th, addr, false, st.Mode)
	return nil
}

// read returns the value a read of size bytes at addr as type typ gets:
// what was written there, else the cell's initial content; where the
// initial content is the environment's (memory the kernel hands over,
// an uninitialised stack or heap object), the trace's value got, which
// must be of the type and stays the cell's.
func (c *checker) read(addr *big.Int, size int64, typ ir.Type, got *big.Int, pos ir.Pos, what string) (*big.Int, error) {
	if v, ok := c.mem[addr.String()]; ok {
		return asType(v, size, typ), nil
	}
	if v, ok := c.initial(addr, size); ok && !c.helperWritten(addr) {
		return asType(v, size, typ), nil
	}
	if !fits(got, typ) {
		return nil, rejectf(pos, "%s holds %s, no %s", what, got, typ)
	}
	c.mem[addr.String()] = got
	return got, nil
}

// environment reports whether a read at addr takes the trace's value:
// nothing wrote the cell and C does not say what it holds.
func (c *checker) environment(addr *big.Int) bool {
	if _, ok := c.mem[addr.String()]; ok {
		return false
	}
	_, ok := c.initial(addr, 1)
	return !ok || c.helperWritten(addr)
}

// asType is the value v, stored in a cell, as a read of size bytes as
// type typ has it: the low bytes of a little-endian cell.
func asType(v *big.Int, size int64, typ ir.Type) *big.Int {
	if _, _, ok := intRange(typ); ok {
		return fitTo(v, typ)
	}
	if size > 0 && size < 8 {
		return ir.WrapValue(v, int(size*8), false)
	}
	return v
}

// fits reports whether v is a value of C type t (any value for types
// that are not integers).
func fits(v *big.Int, t ir.Type) bool {
	lo, hi, ok := intRange(t)
	return !ok || v.Cmp(lo) >= 0 && v.Cmp(hi) <= 0
}

// initial is the content of the cell at addr before the module loads,
// when C says what it is: a global's static initialiser or zero, a
// string's bytes, zero in a zeroed allocation.
func (c *checker) initial(addr *big.Int, size int64) (*big.Int, bool) {
	for _, s := range c.spans {
		off := new(big.Int).Sub(addr, s.start)
		if off.Sign() < 0 || off.Cmp(s.size) >= 0 {
			continue
		}
		if s.zeroed {
			return new(big.Int), true
		}
		o := s.obj
		if o == nil || o.Extern || o.Kind == ir.LocalObj {
			return nil, false
		}
		return c.static(o, off.Int64(), size)
	}
	return nil, false
}

// static is the cell at offset off of global o before the module loads.
func (c *checker) static(o *ir.Object, off, size int64) (*big.Int, bool) {
	if o.Kind == ir.StringObj {
		if off < int64(len(o.Data)) {
			if size > 1 {
				return nil, false // bytes read as a word: not modelled
			}
			return big.NewInt(int64(o.Data[off])), true
		}
		return new(big.Int), true
	}
	for _, in := range o.Init {
		isz := int64(8)
		if in.Type != nil && in.Type.Size() > 0 {
			isz = in.Type.Size()
		}
		switch {
		case in.Offset == off:
			v, err := c.eval(nil, in.Value, in.Pos)
			if err != nil {
				return nil, false
			}
			return v, true
		case in.Offset < off+max(size, 1) && off < in.Offset+isz:
			return nil, false // part of an initialised cell
		}
	}
	return new(big.Int), true
}

func (c *checker) store(th *sThread, f *sFrame, st *ir.Store, vals *valueQueue) error {
	addr, ok, err := c.address(th, f, &st.Access)
	if err != nil || !ok {
		return err
	}
	v, err := c.eval(f, st.Val, st.P)
	if err != nil {
		return err
	}
	got, err := vals.next(st.LValue)
	if err != nil {
		return err
	}
	if got.Cmp(v) != 0 {
		return rejectf(st.P, "the trace stores %s into %s, C's semantics %s", got, st.LValue, v)
	}
	if st.Size > 0 && st.Size <= 8 {
		lo, _, _ := bitsRange(int(st.Size*8), true)
		_, hi, _ := bitsRange(int(st.Size*8), false)
		if v.Cmp(lo) < 0 || v.Cmp(hi) > 0 {
			return rejectf(st.P, "%s, %d bytes, cannot hold %s", st.LValue, st.Size, v)
		}
	}
	c.mem[addr.String()] = v
	c.access(th, addr, true, st.Mode)
	c.noteStore(th, st, v)
	return nil
}

func (c *checker) touch(th *sThread, f *sFrame, st *ir.Touch, vals *valueQueue) error {
	addr, ok, err := c.address(th, f, &st.Access)
	if err != nil || !ok {
		return err
	}
	if site := c.atomicSite(f.fn, st); site != nil && site.at == st {
		return c.atomic(th, f, site, addr, st.Region, st.Mode, vals, st.P)
	}
	if !st.Write {
		c.access(th, addr, false, st.Mode)
		return nil
	}
	for len(vals.vs) > 0 {
		at, err := vals.next("a helper's write")
		if err != nil {
			return err
		}
		v, err := vals.next("a helper's written value")
		if err != nil {
			return err
		}
		if at.Cmp(addr) < 0 || st.Size > 0 && new(big.Int).Sub(at, addr).Cmp(big.NewInt(st.Size)) >= 0 {
			return rejectf(st.P, "%s writes at %s, outside the bytes it is given", st.LValue, at)
		}
		if st.Region != nil && !fits(v, st.Region.Type) {
			return rejectf(st.P, "%s writes %s, no %s", st.LValue, v, st.Region.Type)
		}
		c.access(th, at, true, st.Mode)
	}
	c.forget(addr, st.Size)
	return nil
}

// forget makes the bytes a helper wrote, size of them from addr (to the
// end of their object when size is unknown), the environment's.
func (c *checker) forget(addr *big.Int, size int64) {
	end := new(big.Int).Add(addr, big.NewInt(max(size, 1)))
	if size <= 0 {
		for _, s := range c.spans {
			send := new(big.Int).Add(s.start, s.size)
			if addr.Cmp(s.start) >= 0 && addr.Cmp(send) < 0 {
				end = send
			}
		}
	}
	for k := range c.mem {
		a, _ := new(big.Int).SetString(k, 10)
		if a.Cmp(addr) >= 0 && a.Cmp(end) < 0 {
			delete(c.mem, k)
		}
	}
	c.helperWrites = append(c.helperWrites, span{start: addr, size: new(big.Int).Sub(end, addr)})
}

func (c *checker) helperWritten(addr *big.Int) bool {
	for _, s := range c.helperWrites {
		if addr.Cmp(s.start) >= 0 && addr.Cmp(new(big.Int).Add(s.start, s.size)) < 0 {
			return true
		}
	}
	return false
}

// distinctObjects checks the objects the kernel hands an entry point: two
// structs of one type are the same object or do not overlap (two devices
// four bytes apart are none).
func (c *checker) distinctObjects(ep *ir.EntryPoint, args []*big.Int) error {
	if c.kernelObjs == nil {
		c.kernelObjs = make(map[*ir.Struct][]*big.Int)
	}
	for i, v := range ep.Func.Params {
		st := ir.PointeeStruct(v.CType)
		if st == nil || st.Size() <= 0 || i >= len(args) || args[i].Cmp(big.NewInt(nullPage)) < 0 {
			continue
		}
		size := big.NewInt(st.Size())
		for _, b := range c.kernelObjs[st] {
			d := new(big.Int).Sub(args[i], b)
			if d.Sign() != 0 && new(big.Int).Abs(d).Cmp(size) < 0 {
				return rejectf(ep.Pos, "%s's %s at %s overlaps another %s at %s", ep.Name(), v.Name, args[i], st.Name(), b)
			}
		}
		c.kernelObjs[st] = append(c.kernelObjs[st], args[i])
	}
	return nil
}

// setupCut ends a setup thread that stopped at the unrolling bound
// (protocol.go's setupUnroll) before what comes next: it counts as done, with the publications its
// code could still make made, as the explorer takes it.
func (c *checker) setupCut() {
	th := c.threads[initThread]
	if th == nil || len(th.stack) == 0 && th.pending == nil {
		return
	}
	c.proto.cut(th.ep, th.args)
	th.stack, th.pending, th.running = nil, nil, false
}
