package explore

import (
	"math/big"
	"strings"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/models"
)

// protocol is the strict check's view of the kernel's calling protocol
// over one trace: what was published and withdrawn, which files were
// opened and released, which devices probed, which one-shot releases ran.
type protocol struct {
	prog  *ir.Program
	facts models.Facts
	// pubs are the publications and withdrawals the trace made, in order.
	pubs []pubEvent
	// publishers: classes some call of the program publishes; a class no
	// call publishes is published by the kernel in a way whoop does not
	// model, and is not checked.
	publishers map[string]bool
	files      map[string]*fileState // by the struct file's address
	probed     map[string]bool       // devices whose probe returned 0
	released   map[string]bool       // one-shot releases run: function and object
	// gone are the objects a release entry point (a device's release)
	// released or releases: the kernel calls it after their last user.
	gone map[string]bool
	// put are the objects whose reference the trace dropped
	// (put_device, device_unregister, kobject_put).
	put     map[string]bool
	atomics map[*ir.Function]map[ir.Stmt]*atomicSite
	noPub   bool // no publication assumption: entry points run whenever
	// netdevs are the net_devices the trace opened, stopped and
	// transmitted on (strictnet.go), by ops variable and address.
	netdevs map[string]*netdevState
}

type pubEvent struct {
	class, object string
	withdraw      bool
}

type fileState struct {
	opened, failed bool // its open returned 0, or failed
	opening        int  // thread running its open, or 0
	released       bool
	users          map[int]bool // threads running an operation on it
}

func newProtocol(prog *ir.Program, facts models.Facts, noPub bool) *protocol {
	p := &protocol{prog: prog, facts: facts, noPub: noPub, publishers: make(map[string]bool), files: make(map[string]*fileState),
		probed: make(map[string]bool), released: make(map[string]bool), gone: make(map[string]bool), put: make(map[string]bool),
		netdevs: make(map[string]*netdevState)}
	for _, f := range prog.Funcs {
		for _, b := range f.Blocks {
			for _, st := range b.Stmts {
				if call, ok := st.(*ir.Call); ok && call.Callee != nil {
					if class, _, pub := p.effect(call.Callee.Name); pub {
						p.publishers[class] = true
					}
				}
			}
		}
	}
	return p
}

// effect is what a call of kernel function name does to publication:
// publishes class, or withdraws it (withdraw).
func (p *protocol) effect(name string) (class string, withdraw, ok bool) {
	if r, found := models.Registration(name); found && !reservesOnly[name] {
		switch {
		case r.Publishes != "":
			return r.Publishes, false, true
		case r.Unpublishes != "":
			return r.Unpublishes, true, true
		}
	}
	if p.facts.EscapeCalls[name] {
		return models.ClassEscaped, false, true
	}
	return "", false, false
}

// putFuncs drop a reference to their first argument's object, so its
// release may run after them.
var putFuncs = map[string]bool{"put_device": true, "device_unregister": true, "kobject_put": true, "device_destroy": true}

// call records a publication or withdrawal, and a dropped reference.
func (p *protocol) call(c *checker, th *sThread, st *ir.Call, f *ir.Function, args []*big.Int) error {
	if putFuncs[f.Name] && len(args) > 0 {
		p.put[args[0].String()] = true
	}
	class, withdraw, ok := p.effect(f.Name)
	if !ok {
		return nil
	}
	obj := p.facts.Objects[st].Object
	r, _ := models.Registration(f.Name)
	// A withdrawal that does not wait stops new calls of an object's
	// callback (del_timer), not the operations of files already open
	// (misc_deregister).
	if !withdraw || r.Waits || models.ObjectClass(class) {
		p.pubs = append(p.pubs, pubEvent{class: class, object: obj, withdraw: withdraw})
	}
	if withdraw && r.Waits && !p.noPub {
		if o := c.other(th); o != nil && o.running && o.begun && models.EntryClassIn(o.ep, p.facts) == class && mayWithdraw(p.facts, st, o.ep) {
			return rejectf(st.P, "%s returns while %s, which it waits for, runs", f.Name, o.ep.Name())
		}
	}
	return nil
}

// names reports whether a publication of object obj ("" unknown) may be
// entry point ep's: any, unless ep is the callback of an object (a
// timer's, a work item's, an interrupt line's).
func (p *protocol) names(ep *ir.EntryPoint, obj string) bool {
	sites := p.facts.ObjectsOf[ep]
	if obj == "" || len(sites) == 0 || !models.ObjectClass(models.EntryClassIn(ep, p.facts)) {
		return true
	}
	for _, s := range sites {
		if s.Object == "" || s.Object == obj {
			return true
		}
	}
	return false
}

// start checks that entry point ep may begin in thread th with args.
func (p *protocol) start(c *checker, th *sThread, ep *ir.EntryPoint, args []*big.Int) error {
	if err := p.published(ep); err != nil {
		class := models.EntryClassIn(ep, p.facts)
		return hopeless(err, !p.otherCalls(c, th, func(name string) bool {
			cl, _, ok := p.effect(name)
			return ok && cl == class
		}))
	}
	if ep.Struct == "file_operations" {
		if err := p.fileStart(c, th, ep, args); err != nil {
			return err
		}
	}
	if err := p.lastUser(c, th, ep, args); err != nil {
		return err
	}
	if !p.noPub {
		if err := p.netdevStart(c, th, ep, args); err != nil {
			return err
		}
	}
	if isField(ep, "remove") {
		if dev, ok := firstPointer(ep, args); ok && p.hasEntry(ep, "probe") && !p.probed[ep.Struct+ep.Var+dev] {
			return rejectf(ep.Pos, "%s removes a device no probe in the trace bound (remove runs after probe returned 0)", ep.Name())
		}
	}
	return nil
}

// published: an entry point of a class some call publishes runs only
// after such a call (a timer once armed, work once queued, a handler once
// requested, file operations once the device is registered) and not
// after its withdrawal.
func (p *protocol) published(ep *ir.EntryPoint) error {
	class := models.EntryClassIn(ep, p.facts)
	// A class no call of the driver publishes is the kernel's business,
	// but for a callback of an object: a timer nothing arms never runs.
	if p.noPub || class == models.ClassAlways || class == models.ClassModule || !p.publishers[class] && !models.ObjectClass(class) {
		return nil
	}
	state := 0 // 0 never published, 1 published, 2 withdrawn
	for _, e := range p.pubs {
		if e.class != class || !p.names(ep, e.object) {
			continue
		}
		if e.withdraw {
			if state == 1 && (e.object != "" || !models.ObjectClass(class)) {
				state = 2
			}
			continue
		}
		state = 1
	}
	switch state {
	case 0:
		return rejectf(ep.Pos, "%s runs before anything in the trace publishes it (%s)", ep.Name(), class)
	case 2:
		return rejectf(ep.Pos, "%s runs after the trace withdrew it (%s)", ep.Name(), class)
	}
	return nil
}

// fileStart: a file's operations run between its open, once it returned
// 0, and its release, which runs once, after all of them.
func (p *protocol) fileStart(c *checker, th *sThread, ep *ir.EntryPoint, args []*big.Int) error {
	key, ok := fileArg(ep, args)
	if !ok {
		return nil
	}
	fs := p.files[key]
	if fs == nil {
		fs = &fileState{users: make(map[int]bool)}
		p.files[key] = fs
	}
	switch {
	case fs.released:
		return rejectf(ep.Pos, "%s runs on a file already released", ep.Name())
	case isField(ep, "open"):
		if fs.opened || fs.opening != 0 || len(fs.users) > 0 {
			return rejectf(ep.Pos, "%s opens a file that is open already", ep.Name())
		}
		fs.opening = th.id
	case fs.failed:
		return rejectf(ep.Pos, "%s runs on a file whose open failed", ep.Name())
	case fs.opening != 0:
		return rejectf(ep.Pos, "%s runs on a file whose open has not returned", ep.Name())
	case isField(ep, "release"):
		if p.hasEntry(ep, "open") && !fs.opened {
			o := c.other(th)
			return hopeless(rejectf(ep.Pos, "%s releases a file no open in the trace opened (release runs after open returned 0)", ep.Name()),
				o == nil || o.ep == nil || !isField(o.ep, "open"))
		}
		for t := range fs.users {
			if t != th.id {
				return rejectf(ep.Pos, "%s releases a file while %s runs on it", ep.Name(), c.threads[t].ep.Name())
			}
		}
		fs.released = true
	}
	fs.users[th.id] = true
	return nil
}

// finish records what an entry point's return means for the protocol.
func (p *protocol) finish(th *sThread, ret *big.Int) error {
	ep, args := th.current()
	ok := ret == nil || ret.Sign() == 0
	if ep.Struct == "file_operations" {
		if key, found := fileArg(ep, args); found {
			if fs := p.files[key]; fs != nil {
				delete(fs.users, th.id)
				if isField(ep, "open") && fs.opening == th.id {
					fs.opening, fs.opened, fs.failed = 0, ok, !ok
				}
			}
		}
	}
	if isField(ep, "probe") && ok {
		if dev, found := firstPointer(ep, args); found {
			p.probed[ep.Struct+ep.Var+dev] = true
		}
	}
	p.netdevFinish(th, ep, args, ok)
	return nil
}

// activation: a one-shot release (a kref's release, called by kref_put
// when the count reaches 0; a device's release) runs at most once per
// object.
func (p *protocol) activation(th *sThread, fn *ir.Function, args []*big.Int) error {
	i := p.oneShotArg(fn)
	if i < 0 || i >= len(args) {
		return nil
	}
	key := fn.Name + " " + args[i].String()
	if p.released[key] {
		return rejectf(fn.Pos, "%s runs twice on one object (a release runs once)", fn.Name)
	}
	p.released[key] = true
	return nil
}

// oneShotArg is the parameter of fn naming the object a one-shot release
// releases, or -1: a struct kref pointer, or the first pointer of a
// release entry point other than a per-open one (perOpenRelease).
func (p *protocol) oneShotArg(fn *ir.Function) int {
	for i, v := range fn.Params {
		if s := ir.PointeeStruct(v.CType); s != nil && s.Tag == "kref" {
			return i
		}
	}
	for _, ep := range p.prog.EntryPoints {
		if ep.Func == fn && !perOpenRelease[ep.Struct] && isField(ep, "release") {
			for i, v := range fn.Params {
				if _, ok := ir.Unnamed(v.CType).(*ir.Pointer); ok {
					return i
				}
			}
		}
	}
	return -1
}

// hasEntry reports whether the ops struct of ep has an entry point in
// field (an open beside a release, a probe beside a remove).
func (p *protocol) hasEntry(ep *ir.EntryPoint, field string) bool {
	for _, o := range p.prog.EntryPoints {
		if o.Struct == ep.Struct && o.Var == ep.Var && isField(o, field) {
			return true
		}
	}
	return false
}

// opens reports whether op is what the kernel must have run successfully
// on ep's object before ep: the open of a file operation's ops, the probe
// of a remove's, the ndo_open of a transmit's (strictnet.go).
func opens(op, ep *ir.EntryPoint) bool {
	if op.Var == "" || op.Struct != ep.Struct || op.Var != ep.Var {
		return false
	}
	if ep.Struct == "file_operations" {
		return isField(op, "open") && !isField(ep, "open")
	}
	if txField(ep) {
		return isField(op, "ndo_open")
	}
	return isField(op, "probe") && (isField(ep, "remove") || ep.Role == ir.RoleExit && !models.IsModuleLevel(ep))
}

// openedObject is the object an opener or the entry point after it runs
// on: the struct file of a file operation, the net_device of a
// net_device_ops operation, else the first pointer (the device).
func openedObject(ep *ir.EntryPoint, args []*big.Int) (string, bool) {
	switch ep.Struct {
	case "file_operations":
		return fileArg(ep, args)
	case "net_device_ops":
		return netdevArg(ep, args)
	}
	return firstPointer(ep, args)
}

func isField(ep *ir.EntryPoint, name string) bool {
	return ep.Field == name || strings.HasSuffix(ep.Field, "."+name)
}

// fileArg is the address of the struct file an operation runs on.
func fileArg(ep *ir.EntryPoint, args []*big.Int) (string, bool) {
	for i, v := range ep.Func.Params {
		if s := ir.PointeeStruct(v.CType); s != nil && s.Tag == "file" && i < len(args) {
			return args[i].String(), true
		}
	}
	return "", false
}

// firstPointer is the value of ep's first pointer argument (the device).
func firstPointer(ep *ir.EntryPoint, args []*big.Int) (string, bool) {
	for i, v := range ep.Func.Params {
		if _, ok := ir.Unnamed(v.CType).(*ir.Pointer); ok && i < len(args) {
			return args[i].String(), true
		}
	}
	return "", false
}

// perOpenRelease are the ops tables whose release is the counterpart of
// one open, called on every close, not when an object's last reference
// goes: a file's (__fput, fs/file_table.c), a block device's
// (__blkdev_put, fs/block_dev.c, calls ->release on each close of the
// whole disk as __blkdev_get called ->open on each open) and a V4L2
// device node's (v4l2_release, drivers/media/v4l2-core/v4l2-dev.c).
var perOpenRelease = map[string]bool{"file_operations": true, "block_device_operations": true, "v4l2_file_operations": true}

// lastUser: the kernel calls a release entry point other than a per-open
// one (a struct device's release, a kobject's) when its object's last
// reference goes, after every user is done (device_del drains the sysfs
// callbacks before the last put_device): no callback runs on the object
// with it or after it.
func (p *protocol) lastUser(c *checker, th *sThread, ep *ir.EntryPoint, args []*big.Int) error {
	o := c.other(th)
	if p.oneShotArg(ep.Func) >= 0 && !perOpenRelease[ep.Struct] && isField(ep, "release") {
		x, ok := firstPointer(ep, args)
		if !ok {
			return nil
		}
		if !p.put[x] {
			return hopeless(rejectf(ep.Pos, "%s releases an object whose last reference nothing in the trace dropped (the kernel calls it after the last put_device)", ep.Name()),
				!p.otherCalls(c, th, func(name string) bool { return putFuncs[name] }))
		}
		if o != nil && o.running && o.begun && o.ep != nil && hasPointer(o.ep, o.args, x) {
			return rejectf(ep.Pos, "%s releases an object %s runs on (a release follows its object's last user)", ep.Name(), o.ep.Name())
		}
		p.gone[x] = true
		return nil
	}
	for x := range p.gone {
		if hasPointer(ep, args, x) {
			return rejectf(ep.Pos, "%s runs on an object already released", ep.Name())
		}
	}
	return nil
}

// hasPointer reports whether one of ep's pointer arguments is x.
func hasPointer(ep *ir.EntryPoint, args []*big.Int, x string) bool {
	for i, v := range ep.Func.Params {
		if _, ok := ir.Unnamed(v.CType).(*ir.Pointer); ok && i < len(args) && args[i].String() == x {
			return true
		}
	}
	return false
}

// hopeless marks a rejection no trace of the pair can avoid.
func hopeless(err error, h bool) error {
	if r, ok := err.(*rejection); ok {
		r.hopeless = h
	}
	return err
}

// otherCalls reports whether the code the other thread of th runs may
// call a kernel function named as want says (setup threads have run).
func (p *protocol) otherCalls(c *checker, th *sThread, want func(string) bool) bool {
	o := c.other(th)
	if o == nil || o.ep == nil {
		return false
	}
	for _, f := range reachable(o.ep.Func) {
		if f.External() && want(f.Name) {
			return true
		}
	}
	return false
}

// cut records a setup entry point that stopped at the unrolling bound as
// done: what its code may publish is published, a probe bound its device.
func (p *protocol) cut(ep *ir.EntryPoint, args []*big.Int) {
	for _, f := range reachable(ep.Func) {
		if class, withdraw, ok := p.effect(f.Name); f.External() && ok && !withdraw {
			p.pubs = append(p.pubs, pubEvent{class: class})
		}
	}
	if isField(ep, "probe") {
		if dev, found := firstPointer(ep, args); found {
			p.probed[ep.Struct+ep.Var+dev] = true
		}
	}
}
