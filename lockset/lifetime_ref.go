package lockset

import (
	"slices"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/models"
)

// A device's release runs after its last reference (assumption
// device-release-ref; Options.NoReleaseRef turns it off). device_release
// (drivers/base/core.c) runs from kobject_cleanup once the device's last
// reference is dropped, and the PM core holds a reference to a device
// across each of its system-sleep callbacks (drivers/base/power/main.c:
// get_device before and put_device after the callback in dpm_prepare,
// dpm_suspend, dpm_suspend_late, dpm_noirq_suspend_devices, dpm_resume,
// dpm_resume_early, dpm_noirq_resume_devices, dpm_complete and their async
// forms). So a PM callback of a device never runs beside that device's
// release: a release callback's accesses through its own device (and the
// container_of of it) and a system-sleep callback's accesses through its
// own device never race when both find their container at one offset (on
// two devices, two containers; on one, no overlap). Runtime PM callbacks
// are left out (a driver may run them itself, from code whoop does not
// see holding a reference), and so is everything else of the pair.
//
// A device attribute's show and store run on the device whose sysfs
// directory holds the file (dev_attr_show, dev_attr_store:
// kobj_to_dev), with the file's kernfs active reference held
// (kernfs_fop_read_iter, kernfs_fop_write_iter), and kobject_cleanup
// removes the device's directory (__kobject_del -> kernfs_remove, which
// drains the active references) before it calls the release: they too
// never run beside the release of their device.

// pmSleepFields are the dev_pm_ops callbacks the PM core's dpm_* loops
// run holding a reference to the device.
var pmSleepFields = map[string]bool{
	"prepare": true, "complete": true, "suspend": true, "resume": true, "freeze": true, "thaw": true,
	"poweroff": true, "restore": true, "suspend_late": true, "resume_early": true, "freeze_late": true,
	"thaw_early": true, "poweroff_late": true, "restore_early": true, "suspend_noirq": true,
	"resume_noirq": true, "freeze_noirq": true, "thaw_noirq": true, "poweroff_noirq": true, "restore_noirq": true,
}

// devSites are an entry point's accesses through its struct device
// parameter and the container_of offsets it finds containers at.
type devSites struct {
	sites   map[int]bool
	offsets map[int64]bool
	// container: a release's container struct (the tag of a variable of
	// its own holding a pointer to a struct with a struct device at the
	// container_of offset), "" if none or several (lifetime_caller.go).
	container string
}

// releaseRefOf returns the release callbacks and the callbacks run on a
// held device (isHeldCallback) that qualify: only entry points (no driver
// code calls them), a struct device as their one (release) or first
// parameter.
func releaseRefOf(f *facts) (rel, pm map[*ir.EntryPoint]*devSites) {
	rel, pm = make(map[*ir.EntryPoint]*devSites), make(map[*ir.EntryPoint]*devSites)
	for _, ep := range f.prog.EntryPoints {
		isRel := releaseRows[[2]string{ep.Struct, ep.Field}] && len(ep.Func.Params) == 1 && f.onlyEntry(ep)
		isPM := isHeldCallback(ep) && len(ep.Func.Params) >= 1 && f.onlyHeld(ep)
		if !isRel && !isPM {
			continue
		}
		funcs := f.reach(ep.Func)
		own := derivedVars(funcs, ep.Func, 0)
		d := &devSites{sites: accessesThrough(funcs, own, offsetBase, 0).sites, offsets: containerOffsets(funcs, own)}
		if isRel {
			d.container = containerTag(funcs, own, d.offsets)
			rel[ep] = d
		} else {
			pm[ep] = d
		}
	}
	return rel, pm
}

// isHeldCallback reports whether the kernel runs ep on a struct device
// (its parameter 0) it keeps from being released: a system-sleep PM
// callback or a device attribute's show or store.
func isHeldCallback(ep *ir.EntryPoint) bool {
	return ep.Struct == "dev_pm_ops" && pmSleepFields[ep.Field] ||
		ep.Struct == "device_attribute" && (ep.Field == "show" || ep.Field == "store")
}

// onlyHeld is onlyEntry for such a callback: its function may be several
// of them (SIMPLE_DEV_PM_OPS names one function for suspend, freeze and
// poweroff), but no other entry point and no driver code runs it.
func (f *facts) onlyHeld(ep *ir.EntryPoint) bool {
	if ep.Func == nil || ep.Func.External() {
		return false
	}
	for _, o := range f.prog.EntryPoints {
		if o.Func == ep.Func && !isHeldCallback(o) {
			return false
		}
	}
	for _, fn := range f.prog.Funcs {
		if fn != ep.Func && fn.Name == ep.Func.Name && !fn.External() {
			return false
		}
		if slices.Contains(f.callees[fn], ep.Func) {
			return false
		}
	}
	return true
}

// releaseRefPair returns the sites of pair p's two sides through their
// own devices when p pairs a qualifying release callback with a
// qualifying PM callback, or a file operation holding a device (fileRefOf),
// at the same container offset.
func (in *instrumenter) releaseRefPair(p Pair) (t, u map[int]bool) {
	held := func(ep *ir.EntryPoint) *devSites {
		if d := in.pmRef[ep]; d != nil {
			return d
		}
		return in.fileRef[ep]
	}
	if a, b := in.releaseRef[p.First], held(p.Second); a != nil && b != nil && sameOffsets(a, b) {
		return a.sites, b.sites
	}
	if a, b := held(p.First), in.releaseRef[p.Second]; a != nil && b != nil && sameOffsets(a, b) {
		return a.sites, b.sites
	}
	return in.callerRefPair(p)
}

// sameOffsets reports whether both sides find their containers at one
// offset (or neither uses container_of): two devices at one offset of
// their containers are in two containers.
func sameOffsets(a, b *devSites) bool {
	if len(a.offsets) > 1 || len(a.offsets) != len(b.offsets) {
		return false
	}
	for o := range a.offsets {
		if !b.offsets[o] {
			return false
		}
	}
	return true
}

// containerOffsets returns the constants funcs subtract from a variable
// of own (container_of(dev, T, member): dev - offsetof(T, member)).
func containerOffsets(funcs []*ir.Function, own map[*ir.Var]bool) map[int64]bool {
	out := make(map[int64]bool)
	visit := func(x ir.Expr) {
		b, ok := x.(*ir.Binary)
		if !ok || b.Op != ir.OpSub {
			return
		}
		c, isConst := b.Y.(*ir.Const)
		if v := offsetBase(b.X); isConst && v != nil && own[v] && c.Val != 0 {
			out[c.Val] = true
		}
	}
	for _, g := range funcs {
		for _, b := range g.Blocks {
			for _, st := range b.Stmts {
				for _, e := range ir.StmtExprs(st) {
					ir.WalkExpr(e, visit)
				}
			}
		}
	}
	return out
}

// The same fact for the operations of an open file. When a
// file_operations' open stores an object in its file's private_data and
// takes a reference to a struct device inside it (get_device(&w->dev),
// kobject_get(&w->dev.kobj)) on every path that may return 0, and only
// the file's release may give it back (__fput runs ->release after every
// other operation of the file, fs/file_table.c), then the file's other
// operations run holding that device: their accesses through their own
// private_data race with no release callback's accesses through its own
// device and container when the release finds its container at the
// offset of the held device (rf_write against rf_dev_release in
// testdata/race/device_release_file.c). An open that takes the reference
// on some paths only (watchdog_dev.c's watchdog_open: get_device only if
// the hardware is not running) leaves the rule off.

// deviceGets are the calls that take a reference to a struct device;
// devicePuts those that may drop one.
var (
	deviceGets = map[string]bool{"get_device": true, "kobject_get": true}
	devicePuts = map[string]bool{"put_device": true, "kobject_put": true, "device_unregister": true}
)

// fileRefOf returns the operations (not open, not release) of the
// file_operations variables whose open holds a device of its file's
// object, with their accesses through their own private_data and the
// offset of the held device.
func fileRefOf(f *facts) map[*ir.EntryPoint]*devSites {
	out := make(map[*ir.EntryPoint]*devSites)
	groups := fopsGroups(f.prog)
	pdStores := privateDataWrites(f.prog)
	for _, v := range sortedKeys(groups) {
		off, ok := heldDeviceOffset(f, groups[v], pdStores)
		if !ok {
			continue
		}
		for _, ep := range groups[v] {
			row, known := models.Row(ep)
			if ep.Field == "open" || ep.Field == "release" || !known || row.Object < 0 || row.Object >= len(ep.Func.Params) {
				continue
			}
			d := &devSites{sites: ownAccesses(f, ep, row.Object).sites, offsets: make(map[int64]bool)}
			if off != 0 {
				d.offsets[off] = true
			}
			out[ep] = d
		}
	}
	return out
}

// heldDeviceOffset returns the offset in the file's object of the device
// the open of ops takes a reference to, when the rule applies to ops:
// open is the only writer of private_data, storing one variable's value,
// and takes the reference on every path that may return 0; no operation
// but release drops a device reference.
func heldDeviceOffset(f *facts, ops []*ir.EntryPoint, pdStores []ir.Stmt) (int64, bool) {
	var open *ir.EntryPoint
	for _, ep := range ops {
		if ep.Field == "open" {
			open = ep
		} else if ep.Field != "release" && callsAny(f, ep.Func, devicePuts) {
			return 0, false
		}
	}
	if open == nil || callsAny(f, open.Func, devicePuts) {
		return 0, false
	}
	row, ok := models.Row(open)
	if !ok || !storesOneVar(open.Func, row.Object, pdStores) || !storedOnSuccess(open.Func, pdStores) {
		return 0, false
	}
	obj := pdStores[0].(*ir.Store).Val.(*ir.Var)
	var gets []ir.Stmt
	offs := make(map[int64]bool)
	for _, c := range calls(open.Func) {
		if c.Callee == nil || !c.Callee.External() || !deviceGets[c.Callee.Name] || len(c.Args) != 1 {
			continue
		}
		off, ok := offsetFrom(c.Args[0], obj)
		if !ok {
			return 0, false
		}
		gets = append(gets, c)
		offs[off] = true
	}
	if len(offs) != 1 || !storedOnSuccess(open.Func, gets) {
		return 0, false
	}
	for off := range offs {
		return off, true
	}
	return 0, false
}

// storesOneVar reports whether every write of private_data is a store in
// open, to its file parameter fileParam, of one variable that has one
// definition (so the object stored is the one the reference is taken on).
func storesOneVar(open *ir.Function, fileParam int, writes []ir.Stmt) bool {
	if fileParam < 0 || fileParam >= len(open.Params) || len(writes) == 0 {
		return false
	}
	file := open.Params[fileParam]
	defs := ir.Definitions(open)
	var obj *ir.Var
	for _, w := range writes {
		s, ok := w.(*ir.Store)
		if !ok || !slices.ContainsFunc(open.Blocks, func(b *ir.Block) bool { return slices.Contains(b.Stmts, w) }) {
			return false
		}
		v, isVar := s.Val.(*ir.Var)
		if !isVar || baseVar(s.Addr) != file || len(defs[file]) > 0 || obj != nil && v != obj {
			return false
		}
		obj = v
	}
	live := slices.DeleteFunc(slices.Clone(defs[obj]), func(d ir.Stmt) bool { return deadHavoc(open, d, obj) })
	return len(live) == 1
}

// offsetFrom returns c when e is v or v plus the constant c.
func offsetFrom(e ir.Expr, v *ir.Var) (int64, bool) {
	if x, ok := e.(*ir.Var); ok && x == v {
		return 0, true
	}
	if x, ok := e.(*ir.Binary); ok && x.Op == ir.OpAdd {
		if c, isConst := x.Y.(*ir.Const); isConst {
			off, ok := offsetFrom(x.X, v)
			return off + c.Val, ok
		}
	}
	return 0, false
}

// callsAny reports whether the code fn runs calls a function named in
// names.
func callsAny(f *facts, fn *ir.Function, names map[string]bool) bool {
	for _, g := range f.reach(fn) {
		for _, c := range calls(g) {
			if c.Callee != nil && names[c.Callee.Name] {
				return true
			}
		}
	}
	return false
}
