package lockset

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/models"
)

// Withdrawal is by object. A waiting withdrawal (del_timer_sync(&t1),
// cancel_work_sync(&w), free_irq(5, dev)) stops the callbacks of the one
// object it names, not of its whole class: with two timers, the exit code
// between del_timer_sync(&t1) and del_timer_sync(&t2) still runs beside
// t2's function, and only beside it.
//
//   - A class with one object (one registration, or several of the same
//     object) is withdrawn by any waiting withdrawal of the class: the
//     driver can withdraw only what it registered. So is a class whose
//     entry points sit in ops structs (models.ObjectClass: a withdrawal
//     names the device or driver, which stands for them all).
//   - In a class with several objects each named object k gets a tracker,
//     a reader-writer pseudo-lock of class "withdrawn": an entry point
//     registered with k alone holds it in read mode for its whole run, an
//     exit takes it in write mode when it withdraws k. The class's
//     "unpublished" pseudo-lock is taken once every tracker is, and once
//     the exit has also made as many other waiting withdrawals of the
//     class as it has registrations of objects whoop cannot name (three
//     request_irq(sn_irq->irq_irq, ...), three free_irq(soft->..., soft)):
//     a unary counter of such pseudo-locks. That counts on the exit
//     withdrawing each object once (assumption withdraw-once: without it,
//     such a class is never withdrawn as a whole). A registration that may
//     make several objects at once (a loop over the ports, an array of
//     timers) leaves the class never withdrawn as a whole.
//
// destroy_workqueue(wq) (models.RegAPI.Queue) drains only the work queued
// on wq: it withdraws an object only if every publication that may queue
// it is a queue_work on the same queue (by its argument's text), never
// work on the system workqueue (schedule_work).

// trackerClass is the lock class of the per-object withdrawal trackers.
const trackerClass = "withdrawn"

// classObjects is what withdrawing class c takes.
type classObjects struct {
	single   bool           // one object: any waiting withdrawal counts
	never    bool           // several objects at once: the class lock is never taken
	objects  []string       // the named objects, sorted (several)
	trackers map[string]int // object -> its tracker pseudo-lock
	// counter[i] is held once the exit has made i+1 waiting withdrawals
	// that named no tracked object: one per registration of an object
	// whoop cannot name.
	counter []int
}

// classObjectsOf computes, per publication class, its objects from the
// registrations of its entry points, and makes the trackers.
func (in *instrumenter) classObjectsOf() map[string]*classObjects {
	f := in.f
	type tally struct {
		known           map[string]bool
		sites, unknown  int
		repeated, array bool
	}
	tallies := make(map[string]*tally)
	for _, ep := range f.prog.EntryPoints {
		c := f.env.entryClass(ep)
		if c == "" {
			continue
		}
		t := tallies[c]
		if t == nil {
			t = &tally{known: make(map[string]bool)}
			tallies[c] = t
		}
		var objs []models.SiteObject
		if f.env.objects != nil {
			objs = f.env.objects(ep)
		}
		if len(objs) == 0 {
			objs = []models.SiteObject{{}} // registered somewhere whoop does not see
		}
		for _, so := range objs {
			o := so.Object
			t.sites++
			t.repeated = t.repeated || so.Repeated && o == ""
			switch {
			case o == "":
				t.unknown++
			case strings.Contains(o, "[]"):
				t.array = true // the elements of an array: several objects
			default:
				t.known[o] = true
			}
		}
	}
	out := make(map[string]*classObjects, len(tallies))
	for _, c := range sortedKeys(tallies) {
		t := tallies[c]
		co := &classObjects{}
		out[c] = co
		switch {
		case !models.ObjectClass(c):
			// Ops structs: the withdrawal names the device or driver.
			co.single = true
			continue
		case models.NamedOnly(c):
			// A withdrawal counts for the object it names only (a URB
			// whoop cannot name may be one it never saw filled).
		case !t.array && t.unknown == 0 && len(t.known) <= 1:
			// One object, perhaps registered at several sites (probe and
			// resume arm the same timer): the same object every time.
			co.single = true
			continue
		case !t.array && t.unknown == 1 && t.sites == 1 && !t.repeated:
			co.single = true // one registration of an object whoop cannot name
			continue
		}
		// Several objects. With one site that may register several (a
		// loop over the ports, an array), the class is never withdrawn as
		// a whole; its named objects still are.
		co.never = t.array || t.unknown > 0 && (t.repeated || !f.withdrawOnce || models.NamedOnly(c))
		if !co.never {
			for i := range t.unknown {
				co.counter = append(co.counter, f.lock(fmt.Sprintf("<withdrawn %s #%d>", c, i+1), trackerClass, true))
			}
		}
		co.trackers = make(map[string]int, len(t.known))
		for o := range t.known {
			co.objects = append(co.objects, o)
		}
		sort.Strings(co.objects)
		for _, o := range co.objects {
			co.trackers[o] = f.lock(fmt.Sprintf("<withdrawn %s %s>", c, o), trackerClass, true)
		}
	}
	return out
}

// withdrawn returns what waiting withdrawal call (of class c) takes: all
// of the class (a class with one object), the trackers of the objects it
// withdraws (a class with several), or nothing; count says that it names
// none of the tracked objects and steps the class's counter instead.
func (in *instrumenter) withdrawn(c string, call *ir.Call) (all bool, trackers []int, count bool) {
	co := in.objects[c]
	if co == nil || models.NamedOnly(c) && !in.f.urbKill {
		return false, nil, false
	}
	api, _ := models.Registration(call.Callee.Name)
	drains := func(obj string) bool { return true }
	if api.Queue {
		q := in.f.env.callObject(call).Queue
		drains = func(obj string) bool { return in.queuedOnlyOn(c, obj, q) }
	}
	if co.single {
		return drains(""), nil, false
	}
	if api.Object < 0 && len(api.Instance) == 0 {
		// Every object of the class (those it drains, for a queue).
		for _, o := range co.objects {
			if drains(o) {
				trackers = append(trackers, co.trackers[o])
			}
		}
		if len(co.counter) > 0 && drains("") {
			trackers = append(trackers, co.counter...)
		}
		return false, trackers, false
	}
	if t, ok := co.trackers[in.f.env.callObject(call).Object]; ok {
		if drains(in.f.env.callObject(call).Object) {
			return false, []int{t}, false
		}
		return false, nil, false
	}
	return false, nil, len(co.counter) > 0 && drains("")
}

// queuedOnlyOn reports whether every publication of class c that may
// queue object obj ("" for any object) queues it on workqueue q: a
// queue_work whose queue argument reads as q. A publication of an object
// whoop cannot name may queue obj.
func (in *instrumenter) queuedOnlyOn(c, obj, q string) bool {
	if q == "" {
		return false
	}
	for _, call := range in.f.regCalls {
		op := in.f.callReg[call]
		if op.unregister || op.class != c {
			continue
		}
		co := in.f.env.callObject(call)
		if obj != "" && co.Object != "" && co.Object != obj {
			continue
		}
		if api, _ := models.Registration(call.Callee.Name); !api.Queue || co.Queue != q {
			return false
		}
	}
	return true
}

// tracker returns the tracker ep holds for its whole run: that of its
// object, when ep's class has several and ep is registered with that one
// only.
func (in *instrumenter) tracker(ep *ir.EntryPoint) (int, bool) {
	if ep.Role == ir.RoleInit || ep.Role == ir.RoleExit || in.f.env.objects == nil {
		return 0, false
	}
	co := in.objects[in.f.env.entryClass(ep)]
	if co == nil || co.trackers == nil {
		return 0, false
	}
	objs := in.f.env.objects(ep)
	if len(objs) == 0 {
		return 0, false
	}
	for _, o := range objs[1:] {
		if o.Object != objs[0].Object {
			return 0, false
		}
	}
	t, ok := co.trackers[objs[0].Object]
	return t, ok
}

// trackersOf returns the trackers and counters of the classes in cs,
// sorted.
func (in *instrumenter) trackersOf(cs []string) []int {
	var out []int
	for _, c := range cs {
		if co := in.objects[c]; co != nil {
			for _, o := range co.objects {
				out = append(out, co.trackers[o])
			}
			out = append(out, co.counter...)
		}
	}
	sort.Ints(out)
	return out
}

// complete returns the pseudo-locks whose write mode says that the exit
// withdrew every object of class c: every tracker, and the counter's last.
func (in *instrumenter) complete(c string) []int {
	co := in.objects[c]
	var out []int
	for _, o := range co.objects {
		out = append(out, co.trackers[o])
	}
	if n := len(co.counter); n > 0 {
		out = append(out, co.counter[n-1])
	}
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// initWithdrawalsOf returns, per waiting withdrawal call an init entry
// point that runs it stops its class with, as an exit would (regCall,
// mustAnalysis.regOp), the guard that holds there: every init entry point
// that may run the call gates the class (gatedBy: nothing but that init,
// an alternative binding of its device, or callbacks of classes it gates
// makes the class callable), so once the init has withdrawn it, waiting
// for the running callbacks (free_irq's synchronize_irq, del_timer_sync),
// only the init itself can make it callable again, and regCall sees that.
// This is a bus probe's error path (phantom.c: free_irq, then kfree of
// what the handler reads) or module init's undo. Withdrawals module init
// makes of a class a probe published, and a probe's of what module init
// published, are not counted: the class is not gated by every init that
// runs the call. The guard (initGuard) leaves out the publishers that
// cannot run while those inits do.
func (in *instrumenter) initWithdrawalsOf() map[*ir.Call]withdrawalGuard {
	out := make(map[*ir.Call]withdrawalGuard)
	if !in.f.initWithdrawal {
		return out
	}
	owner := make(map[*ir.Call]*ir.Function)
	for _, fn := range in.f.prog.Funcs {
		for _, b := range fn.Blocks {
			for _, st := range b.Stmts {
				if call, ok := st.(*ir.Call); ok {
					owner[call] = fn
				}
			}
		}
	}
	gates := make(map[*ir.EntryPoint]map[string]bool)
	for _, call := range in.f.regCalls {
		op := in.f.callReg[call]
		fn := owner[call]
		if !op.unregister || fn == nil {
			continue
		}
		ok := true
		var inits []*ir.EntryPoint
		for _, ep := range in.f.prog.EntryPoints {
			if !in.publisherInit(ep) || !slices.Contains(in.f.reach(ep.Func), fn) {
				continue
			}
			// A probe helper's withdrawals stop nothing (its role flag
			// is init's, but the must-held analysis goes by its role).
			ok = ok && ep.Role == ir.RoleInit
			if gates[ep] == nil {
				gates[ep] = in.gatedBy(ep)
			}
			inits = append(inits, ep)
			ok = ok && gates[ep][op.class]
		}
		if ok && len(inits) > 0 {
			g := in.initGuard(op.class, inits)
			g.single = models.ObjectClass(op.class)
			for _, ep := range inits {
				g.single = g.single && in.registersOnce(ep, op.class)
			}
			out[call] = g
		}
	}
	return out
}

// initGuard is withdrawalGuard for a withdrawal of class c that init
// entry points inits make: a publisher of c that is a callback of those
// inits' own driver kept from running beside them (boundAfter: a Xen
// frontend's resume that binds the event channel again runs only on the
// bound device, after the probe), or of an alternative binding of their
// device, cannot publish c again while the init runs, so it is left out.
// The others must be withdrawn first, as for an exit.
func (in *instrumenter) initGuard(c string, inits []*ir.EntryPoint) withdrawalGuard {
	var wg withdrawalGuard
	for _, p := range in.publishers[c] {
		pc := in.f.env.entryClass(p)
		if p.Role == ir.RoleInit || p.Role == ir.RoleExit || pc == c {
			continue
		}
		later := true
		for _, ep := range inits {
			later = later && (in.boundAfter(ep, p) || in.alternative(ep, p))
		}
		if later {
			continue
		}
		l, ok := in.unpub[pc]
		if pc == "" || !ok {
			return withdrawalGuard{never: true}
		}
		if !slices.Contains(wg.first, l) {
			wg.first = append(wg.first, l)
		}
	}
	slices.Sort(wg.first)
	return wg
}

// countsInInit reports whether an init entry point's waiting withdrawal
// call stops its class (initWithdrawalsOf).
func (in *instrumenter) countsInInit(call *ir.Call) bool {
	_, ok := in.initWithdrawals[call]
	return ok
}

// crossGuard returns what must be withdrawn before a waiting withdrawal
// of object obj of class c (a tracked object; "" for one whoop cannot
// name, which steps the counter) stops it: the trackers of the class's
// own entry points that may publish obj again although they are not its
// callbacks (a work function that queues another work item, or a URB
// completion that submits another URB). withdrawalGuard leaves the
// class's own entry points out, which is right only for an entry point
// that re-publishes itself: cancel_work_sync(&wb) then
// cancel_work_sync(&wa) lets wa's function queue wb between the two.
// never is set when such an entry point has no tracker of its own, or
// names no object, so nothing says when it stopped.
func (in *instrumenter) crossGuard(c, obj string) (first []int, never bool) {
	for _, p := range in.publishers[c] {
		if p.Role == ir.RoleInit || p.Role == ir.RoleExit || in.f.env.entryClass(p) != c {
			continue
		}
		if !in.publishesOther(p, c, obj) {
			continue
		}
		own, tracked := in.tracker(p)
		if !tracked {
			return nil, true
		}
		if !slices.Contains(first, own) {
			first = append(first, own)
		}
	}
	slices.Sort(first)
	return first, false
}

// publishesOther reports whether entry point p, of class c, may publish
// object obj of c ("" for an object whoop cannot name) although it is
// not registered with obj alone: some publication of c in its code names
// obj, or names nothing whoop can tell apart from it.
func (in *instrumenter) publishesOther(p *ir.EntryPoint, c, obj string) bool {
	var mine []string
	if in.f.env.objects != nil {
		for _, so := range in.f.env.objects(p) {
			mine = append(mine, so.Object)
		}
	}
	self := obj != "" && len(mine) > 0
	for _, o := range mine {
		self = self && o == obj
	}
	if self {
		return false // p's own object: the waiting withdrawal stops p too
	}
	own := ""
	if len(mine) > 0 && !slices.ContainsFunc(mine, func(o string) bool { return o != mine[0] }) {
		own = mine[0]
	}
	for _, g := range in.f.reach(p.Func) {
		for _, b := range g.Blocks {
			for _, s := range b.Stmts {
				call, ok := s.(*ir.Call)
				if !ok {
					continue
				}
				op, ok := in.f.callReg[call]
				if !ok || op.unregister || !slices.Contains(op.classes(), c) {
					continue
				}
				named := in.f.env.callObject(call).Object
				if named == "" && g == p.Func && in.ownObjectArg(p, call) {
					named = own // a URB completion resubmits the URB it completes
				}
				if named == "" || obj == "" || named == obj {
					return true
				}
			}
		}
	}
	return false
}

// crossCond is cond strengthened by crossGuard for object obj of class c;
// ok is false when the withdrawal of obj never counts.
func (in *instrumenter) crossCond(c, obj string, cond ir.Expr) (ir.Expr, bool) {
	first, never := in.crossGuard(c, obj)
	if never {
		return nil, false
	}
	for _, l := range first {
		cond = ir.And(cond, in.locks[l].heldW)
	}
	return cond, true
}

// trackedObject returns the object whose tracker is t ("" for a counter).
func (in *instrumenter) trackedObject(co *classObjects, t int) string {
	for o, id := range co.trackers {
		if id == t {
			return o
		}
	}
	return ""
}

// ownObjectArg reports whether publication call, in entry point p's own
// body, names the object p is a callback of by p's first parameter, for
// a class whose callbacks get their object there: usb_hcd_giveback_urb
// calls urb->complete(urb) (drivers/usb/core/hcd.c, __usb_hcd_giveback_urb),
// so a completion's usb_submit_urb(urb) resubmits the URB it completes.
func (in *instrumenter) ownObjectArg(p *ir.EntryPoint, call *ir.Call) bool {
	api, _ := models.Registration(call.Callee.Name)
	if !models.NamedOnly(api.Publishes) || api.Object < 0 || api.Object >= len(call.Args) || len(p.Func.Params) == 0 {
		return false
	}
	defs := ir.Definitions(p.Func)
	e := call.Args[api.Object]
	for range 4 {
		v, ok := e.(*ir.Var)
		if !ok {
			return false
		}
		if v == p.Func.Params[0] {
			return true
		}
		d := defs[v]
		if len(d) != 1 {
			return false
		}
		a, ok := d[0].(*ir.Assign)
		if !ok {
			return false
		}
		e = a.Src
	}
	return false
}

// registersOnce reports whether init entry point ep registers at most one
// object of class c on any run: at most one publication call of c in the
// code it runs, not on a cycle, in a function it reaches through one call
// chain whose calls are on no cycle (xen-kbdfront.c's probe binds its
// event channel once, in xenkbd_connect_backend, which resume calls too).
// Its waiting withdrawal then stops the class's one live object (the
// publishers that run only after it are left out by initGuard), whatever
// whoop can name of it, as a class with one registration is stopped by
// any of its waiting withdrawals (the driver withdraws what it made).
func (in *instrumenter) registersOnce(ep *ir.EntryPoint, c string) bool {
	reach := in.f.reach(ep.Func)
	callers := make(map[*ir.Function]int)
	var site *ir.Function
	n := 0
	for _, fn := range reach {
		loops := ir.LoopBlocks(fn)
		for _, b := range fn.Blocks {
			for _, st := range b.Stmts {
				call, ok := st.(*ir.Call)
				if !ok {
					continue
				}
				if call.Callee != nil && !call.Callee.External() {
					callers[call.Callee]++
					if loops[b] {
						callers[call.Callee] += 2
					}
				}
				op, ok := in.f.callReg[call]
				if !ok || op.unregister || !slices.Contains(op.classes(), c) {
					continue
				}
				n++
				if loops[b] {
					n++
				}
				site = fn
			}
		}
	}
	if n == 0 {
		return true
	}
	if n > 1 {
		return false
	}
	fn := site
	for range reach {
		if fn == ep.Func {
			return callers[ep.Func] == 0
		}
		if callers[fn] != 1 {
			return false
		}
		if fn = in.callerIn(reach, fn); fn == nil {
			return false
		}
	}
	return false // a cycle of calls
}

// callerIn returns the function of reach that calls fn directly.
func (in *instrumenter) callerIn(reach []*ir.Function, fn *ir.Function) *ir.Function {
	for _, g := range reach {
		for _, b := range g.Blocks {
			for _, st := range b.Stmts {
				if call, ok := st.(*ir.Call); ok && call.Callee == fn {
					return g
				}
			}
		}
	}
	return nil
}

// initStops reports whether waiting withdrawal call of class c may stop
// an object of c whoop cannot name: not a URB kill (models.NamedOnly),
// and for a workqueue's drain, only when every publication of c queues
// on that queue.
func (in *instrumenter) initStops(c string, call *ir.Call) bool {
	if models.NamedOnly(c) {
		return false
	}
	api, _ := models.Registration(call.Callee.Name)
	return !api.Queue || in.queuedOnlyOn(c, "", in.f.env.callObject(call).Queue)
}
