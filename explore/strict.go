package explore

import (
	"math/big"

	"github.com/whoopverify/whoop/ir"
)

// Every trace is checked a second time before it is called confirmed
// (strictcheck.go): an evaluation of its own, over the original program,
// with C's semantics (each value of its type, the atomic operations as
// the kernel runs them) and the kernel's calling protocol, sharing
// nothing with the encoding or with the concrete runs' learning. The
// replay writes down what it did (traceLog): which statements each thread
// executed, in order, and the values it gave or computed there; the check
// executes the same statements in the same order, takes from the log only
// what the environment chooses (an external function's result, a
// havoc, memory nobody initialised, addresses), checks each such value
// against what the environment could give, computes everything else
// itself and compares. A trace it rejects is "not confirmed (trace
// rejected: ...)", never confirmed.

// traceLog is what one replay did.
type traceLog struct {
	events []traceEvent
	objs   map[*ir.Object]*big.Int // addresses of the program's objects
	funcs  map[*ir.Function]int64  // and of its functions
	race   *traceRace
	cur    int // the event of the statement being executed, or -1
	// bodies: what a thread runs for an entry point the kernel calls
	// only inside a driver's call, under its locks (shape.bodies).
	bodies map[*ir.EntryPoint]*ir.Function
}

type eventKind uint8

const (
	evStart eventKind = iota // thread begins entry point ep with arguments vals
	evEnter                  // an activation of fn begins; vals: its frame objects' addresses
	evStmt                   // stmt executed; vals: what it read, wrote or was given
	evTerm                   // block's terminator; to: the block taken (nil: returned; vals: the value)
	evOpen                   // thread runs ep, the opener of its entry point, first (protocol.go); vals: its arguments
)

type traceEvent struct {
	kind      eventKind
	thread    int
	ep        *ir.EntryPoint
	fn        *ir.Function
	stmt      ir.Stmt
	block, to *ir.Block
	vals      []*big.Int
}

// traceRace is the failing check the replay reached: thread's last
// access, to the cell at addr of region, whose value or version changed.
type traceRace struct {
	thread int
	region *ir.Region
	addr   *big.Int
	plain  bool
}

func newTraceLog(objs map[*ir.Object]*big.Int, funcs map[*ir.Function]int64, bodies map[*ir.EntryPoint]*ir.Function) *traceLog {
	return &traceLog{objs: objs, funcs: funcs, cur: -1, bodies: bodies}
}

func (l *traceLog) start(t int, ep *ir.EntryPoint, args []*big.Int) {
	if l != nil {
		l.events = append(l.events, traceEvent{kind: evStart, thread: t, ep: ep, vals: copyInts(args)})
	}
}

// open notes that thread t runs opener ep with args before its entry
// point (protocol.go's begin).
func (l *traceLog) open(t int, ep *ir.EntryPoint, args []*big.Int) {
	if l != nil {
		l.events = append(l.events, traceEvent{kind: evOpen, thread: t, ep: ep, vals: copyInts(args)})
	}
}

func (l *traceLog) enter(t int, fn *ir.Function, frame []*big.Int) {
	if l != nil {
		l.events = append(l.events, traceEvent{kind: evEnter, thread: t, fn: fn, vals: frame})
	}
}

func (l *traceLog) stmt(t int, st ir.Stmt) {
	if l != nil {
		l.cur = len(l.events)
		l.events = append(l.events, traceEvent{kind: evStmt, thread: t, stmt: st})
	}
}

// note adds values to the statement being executed.
func (l *traceLog) note(vs ...*big.Int) {
	if l != nil && l.cur >= 0 {
		l.events[l.cur].vals = append(l.events[l.cur].vals, copyInts(vs)...)
	}
}

// undo drops the statement being executed: it runs again when its thread
// resumes (a yield before a lock operation or a withdrawal).
func (l *traceLog) undo() {
	if l != nil && l.cur == len(l.events)-1 && l.cur >= 0 {
		l.events = l.events[:l.cur]
		l.cur = -1
	}
}

func (l *traceLog) term(t int, b, to *ir.Block, v *big.Int) {
	if l == nil {
		return
	}
	l.cur = -1
	ev := traceEvent{kind: evTerm, thread: t, block: b, to: to}
	if v != nil {
		ev.vals = []*big.Int{new(big.Int).Set(v)}
	}
	l.events = append(l.events, ev)
}

func copyInts(vs []*big.Int) []*big.Int {
	out := make([]*big.Int, len(vs))
	for i, v := range vs {
		if v != nil {
			out[i] = new(big.Int).Set(v)
		}
	}
	return out
}
