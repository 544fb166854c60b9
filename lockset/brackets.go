package lockset

import (
	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/models"
)

// Callback brackets (models.CallbackBrackets; Options.NoCallbackLocks
// turns them off). The kernel calls some callbacks of one device only
// after another returned, on the same thread, with nothing in between
// that could release a lock of the driver's: usb_reset_device calls
// ->post_reset only after ->pre_reset returned 0. A lock the opening
// callback holds on every return, and did not hold on entry, is then held
// on entry to those callbacks (entryHeld), for writing where it is held
// for writing on every return. A return without it (ati_remote2's
// pre_reset returns early on its second interface) carries nothing.
//
// Applied only under one device and one lock per lock field (neither
// ManyDevices nor LockInstancesDistinct): the carried lock is the lock
// field as the must-held analysis names it, which is one instance only
// when the driver has one.

// carryBrackets adds to f.entryHeld the locks each bracket's opening
// callback leaves held for the callbacks inside it.
func (in *instrumenter) carryBrackets() {
	f := in.f
	if f.lockInstances {
		return
	}
	for _, br := range models.CallbackBrackets() {
		for _, open := range f.prog.EntryPoints {
			if !bracketRow(open, br.Open) {
				continue
			}
			var inside []*ir.EntryPoint
			for _, ep := range f.prog.EntryPoints {
				if ep.Var == open.Var && ep != open && bracketRowIn(ep, br.Inside) {
					inside = append(inside, ep)
				}
			}
			if len(inside) == 0 {
				continue
			}
			for _, el := range in.leftHeld(open) {
				for _, ep := range inside {
					f.entryHeld[ep] = append(f.entryHeld[ep], el)
				}
			}
		}
	}
}

// leftHeld returns the identified driver locks ep holds on every return
// and did not hold on entry.
func (in *instrumenter) leftHeld(ep *ir.EntryPoint) []entryLock {
	start, exit := in.heldAtReturn(ep)
	var out []entryLock
	for l, info := range in.f.locks {
		if info.pseudo() || !info.protects() || info.class == "kernel" || start.any.has(l) || !exit.any.has(l) {
			continue
		}
		out = append(out, entryLock{lock: l, write: exit.w.has(l)})
	}
	return out
}

// bracketRow reports whether ep is the known (not guessed) callback key
// of a named ops variable.
func bracketRow(ep *ir.EntryPoint, key string) bool {
	if ep.Var == "" || ep.Guessed {
		return false
	}
	r, ok := models.Row(ep)
	return ok && r.Key() == key
}

func bracketRowIn(ep *ir.EntryPoint, keys []string) bool {
	for _, k := range keys {
		if bracketRow(ep, k) {
			return true
		}
	}
	return false
}
