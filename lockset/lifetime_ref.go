package lockset

import (
	"slices"

	"github.com/whoopverify/whoop/ir"
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
}

// releaseRefOf returns the release callbacks and the system-sleep PM
// callbacks that qualify: only entry points (no driver code calls them),
// a struct device as their one (release) or first (PM) parameter.
func releaseRefOf(f *facts) (rel, pm map[*ir.EntryPoint]*devSites) {
	rel, pm = make(map[*ir.EntryPoint]*devSites), make(map[*ir.EntryPoint]*devSites)
	for _, ep := range f.prog.EntryPoints {
		isRel := releaseRows[[2]string{ep.Struct, ep.Field}] && len(ep.Func.Params) == 1 && f.onlyEntry(ep)
		isPM := isPMSleep(ep) && len(ep.Func.Params) == 1 && f.onlyPMSleep(ep)
		if !isRel && !isPM {
			continue
		}
		funcs := f.reach(ep.Func)
		own := derivedVars(funcs, ep.Func, 0)
		d := &devSites{sites: accessesThrough(funcs, own, offsetBase, 0).sites, offsets: containerOffsets(funcs, own)}
		if isRel {
			rel[ep] = d
		} else {
			pm[ep] = d
		}
	}
	return rel, pm
}

func isPMSleep(ep *ir.EntryPoint) bool { return ep.Struct == "dev_pm_ops" && pmSleepFields[ep.Field] }

// onlyPMSleep is onlyEntry for a PM callback: its function may be several
// system-sleep callbacks (SIMPLE_DEV_PM_OPS names one function for
// suspend, freeze and poweroff), each run by the PM core holding a
// reference, but no other entry point and no driver code runs it.
func (f *facts) onlyPMSleep(ep *ir.EntryPoint) bool {
	if ep.Func == nil || ep.Func.External() {
		return false
	}
	for _, o := range f.prog.EntryPoints {
		if o.Func == ep.Func && !isPMSleep(o) {
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
// qualifying PM callback that finds its container at the same offset.
func (in *instrumenter) releaseRefPair(p Pair) (t, u map[int]bool) {
	if a, b := in.releaseRef[p.First], in.pmRef[p.Second]; a != nil && b != nil && sameOffsets(a, b) {
		return a.sites, b.sites
	}
	if a, b := in.pmRef[p.First], in.releaseRef[p.Second]; a != nil && b != nil && sameOffsets(a, b) {
		return a.sites, b.sites
	}
	return nil, nil
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
