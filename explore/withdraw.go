package explore

import (
	"strings"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/models"
)

// mayWithdraw reports whether waiting withdrawal call may stop entry point
// ep, which then must not be inside its function when the call passes,
// and does not start after it. It may, unless call surely names another
// object: ep's class is one of objects (models.ObjectClass), every
// registration of ep names its object, and call names another
// (del_timer_sync(&t1) leaves t2's function running), or call drains a
// workqueue none of the publications of ep's objects queue them on
// (destroy_workqueue, with the work on the system workqueue). Taking a
// withdrawal for one that stops ep only leaves executions out: every
// interleaving the explorer confirms stays real.
func mayWithdraw(facts models.Facts, call *ir.Call, ep *ir.EntryPoint) bool {
	if call == nil || call.Callee == nil {
		return true
	}
	class := models.EntryClassIn(ep, facts)
	if models.NamedOnly(class) {
		// usb_kill_urb stops a completion only while it runs (urb->reject):
		// a later usb_submit_urb, from a path the search does not tie to
		// the kill, makes it callable again, so the search keeps the
		// executions where it runs after the kill (the strict replay
		// still rejects one that runs without a resubmission).
		return false
	}
	if !models.ObjectClass(class) {
		return true
	}
	sites := facts.ObjectsOf[ep]
	if len(sites) == 0 {
		return true
	}
	objs := make(map[string]bool)
	for _, s := range sites {
		if s.Object == "" {
			return true
		}
		objs[s.Object] = true
	}
	api, _ := models.Registration(call.Callee.Name)
	co := facts.Objects[call]
	if api.Queue && api.Object < 0 {
		// Drains its queue: ep's objects may sit there if a publication
		// queues one of them on the same queue, or on one whoop cannot
		// name.
		for c, pc := range facts.Objects {
			r, _ := models.Registration(c.Callee.Name)
			if r.Publishes != class || pc.Object != "" && !objs[pc.Object] {
				continue
			}
			if r.Queue && (pc.Queue == "" || co.Queue == "" || pc.Queue == co.Queue) {
				return true
			}
		}
		return false
	}
	if api.Object < 0 && len(api.Instance) == 0 {
		return true // every object of the class
	}
	if co.Object == "" {
		return true
	}
	for o := range objs {
		if sameObject(o, co.Object) {
			return true
		}
	}
	return false
}

// sameObject reports whether two object keys (models.CallObject) may
// name one object: equal keys, or a global's field and a field of a
// struct reached through a pointer ("global dev.work", "struct
// mydev.work": the pointer may point to the global). Two globals, or
// fields of two struct types, are two objects.
func sameObject(a, b string) bool {
	if a == b {
		return true
	}
	global := func(k string) bool { return strings.HasPrefix(k, "global ") }
	structField := func(k string) bool { return strings.HasPrefix(k, "struct ") }
	return global(a) && structField(b) || structField(a) && global(b)
}
