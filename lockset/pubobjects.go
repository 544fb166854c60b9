package lockset

import (
	"fmt"
	"strings"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/models"
)

// Publication by object (assumption publication-objects). A class is
// published as a whole by its first registration, but a callback the
// driver stores only into the members of one object (gpio-viperboard.c's
// vb_gpio->gpiob.set = vprbrd_gpiob_set) is called by the kernel only on
// that object once it is registered: gpiolib calls a chip's operations
// through the gpio_device gpiochip_add_data_with_key made for that chip
// (drivers/gpio/gpiolib.c). So a probe's writes between the registration
// of chip a and that of chip b race with a's callbacks, not with b's.
//
// Each such object k of class c gets a pseudo-lock "k unpublished" (of
// the withdrawal trackers' class: recorded in both modes): the callbacks
// stored only into k hold it for reading, an init that gates c holds it
// for writing until a registration of c naming k (or naming no tracked
// object, which may be k) releases it.
//
// It applies only where a registration hands the kernel the callbacks
// themselves: every registration of the class names its object, and that
// object's struct type is the one the callbacks are stored into (a
// gpio_chip; not a cdev whose file_operations live elsewhere), and only
// to an init that alone publishes the class (strictGated: no callback of
// another class, which could run between two of its registrations,
// publishes it).

// pubObjects is the per-object publication state of one program.
type pubObjects struct {
	trackers map[string]map[string]int // class -> object key -> pseudo-lock
	owner    map[*ir.EntryPoint]int    // callback -> its object's pseudo-lock
}

// pubObjectsOf finds the classes and objects the rule applies to.
func (in *instrumenter) pubObjectsOf() *pubObjects {
	f := in.f
	po := &pubObjects{trackers: make(map[string]map[string]int), owner: make(map[*ir.EntryPoint]int)}
	if !f.publicationObjects || f.env.objects == nil || f.env.callObject == nil {
		return po
	}
	named, structOf, bad := in.namedObjects()
	for _, ep := range f.prog.EntryPoints {
		c := f.env.entryClass(ep)
		if c == "" || bad[c] || ep.Role == ir.RoleInit || ep.Role == ir.RoleExit ||
			ep.Struct != structOf[c] || strings.ContainsAny(ep.Field, ".[") {
			continue
		}
		k, ok := oneObject(f.env.objects(ep))
		if !ok || !named[c][k] || !leftHeld(named[c], k) {
			continue
		}
		if po.trackers[c] == nil {
			po.trackers[c] = make(map[string]int)
		}
		t, ok := po.trackers[c][k]
		if !ok {
			t = f.lock(fmt.Sprintf("<unpublished %s %s>", c, k), trackerClass, true)
			po.trackers[c][k] = t
		}
		po.owner[ep] = t
	}
	return po
}

// namedObjects returns, per class, the objects its registrations name
// and the struct type they point to; bad marks the classes with a
// registration that names none, or one of another type.
func (in *instrumenter) namedObjects() (named map[string]map[string]bool, structOf map[string]string, bad map[string]bool) {
	f := in.f
	named = make(map[string]map[string]bool)
	structOf = make(map[string]string)
	bad = make(map[string]bool)
	for _, call := range f.regCalls {
		op := f.callReg[call]
		if op.unregister {
			continue
		}
		var api models.RegAPI
		ok := call.Callee != nil
		if ok {
			api, ok = models.Registration(call.Callee.Name)
		}
		obj, st := "", ""
		if ok {
			obj, st = f.env.callObject(call).Object, objectStruct(call, api)
		}
		for _, c := range op.classes() {
			if !ok || obj == "" || st == "" || len(api.Instance) > 0 || structOf[c] != "" && structOf[c] != st {
				bad[c] = true
				continue
			}
			structOf[c] = st
			if named[c] == nil {
				named[c] = make(map[string]bool)
			}
			named[c][obj] = true
		}
	}
	return named, structOf, bad
}

// leftHeld reports whether a registration naming one of named leaves
// object k unpublished: without one, k's pseudo-lock would fall with the
// class's and change nothing.
func leftHeld(named map[string]bool, k string) bool {
	for j := range named {
		if !mayBe(j, k) {
			return true
		}
	}
	return false
}

// objectStruct is the struct type call's object argument points to.
func objectStruct(call *ir.Call, api models.RegAPI) string {
	if api.Object < 0 || call.Callee.Sig == nil || api.Object >= len(call.Callee.Sig.Params) {
		return ""
	}
	st := ir.PointeeStruct(call.Callee.Sig.Params[api.Object])
	if st == nil {
		return ""
	}
	if st.Tag != "" {
		return st.Tag
	}
	return st.Typedef
}

// oneObject returns the object every registration site in objs names, if
// there is one and no site may register several.
func oneObject(objs []models.SiteObject) (string, bool) {
	if len(objs) == 0 {
		return "", false
	}
	for _, o := range objs {
		if o.Object == "" || o.Repeated || o.Object != objs[0].Object || containsArray(o.Object) {
			return "", false
		}
	}
	return objs[0].Object, true
}

func containsArray(key string) bool {
	for i := 0; i+1 < len(key); i++ {
		if key[i] == '[' && key[i+1] == ']' {
			return true
		}
	}
	return false
}

// strictGated reports whether init entry point ep alone makes class c
// callable: every first publisher of c is ep, an alternative binding of
// its device, a callback of its driver that runs only after it, or (for
// module init) module exit.
func (in *instrumenter) strictGated(ep *ir.EntryPoint, c string) bool {
	moduleInit := models.IsModuleLevel(ep) && ep.Role == ir.RoleInit
	for _, p := range in.firstPublishers[c] {
		exit := moduleInit && models.IsModuleLevel(p) && p.Role == ir.RoleExit
		if p != ep && !exit && !in.alternative(ep, p) && !in.boundAfter(ep, p) {
			return false
		}
	}
	return len(in.firstPublishers[c]) > 0
}

// pubTrackersHeld returns the object pseudo-locks init entry point ep
// holds for writing on entry: those of the classes it gates alone.
func (in *instrumenter) pubTrackersHeld(ep *ir.EntryPoint, gated map[string]bool) []int {
	var out []int
	for _, c := range sortedKeys(in.pubObj.trackers) {
		if !gated[c] || !in.strictGated(ep, c) {
			continue
		}
		for _, k := range sortedKeys(in.pubObj.trackers[c]) {
			out = append(out, in.pubObj.trackers[c][k])
		}
	}
	return out
}

// pubTrackersReleased returns the object pseudo-locks registration call
// (publishing closure) releases: of its own classes, those of the objects
// it may name (mayBe); of the classes its classes' callbacks publish in
// turn, all.
func (in *instrumenter) pubTrackersReleased(call *ir.Call, op regOp, closure []string) []int {
	own := make(map[string]bool)
	for _, c := range op.classes() {
		own[c] = true
	}
	obj := ""
	if in.f.env.callObject != nil {
		obj = in.f.env.callObject(call).Object
	}
	var out []int
	for _, c := range closure {
		ts := in.pubObj.trackers[c]
		for _, k := range sortedKeys(ts) {
			if !own[c] || mayBe(obj, k) {
				out = append(out, ts[k])
			}
		}
	}
	return out
}

// mayBe reports whether object keys j and k (CallObject's) may name
// overlapping memory, for two objects of one struct type (the class's):
// an unknown key may be anything; two keys in one root (one global, or
// one struct type's objects) name members at their offsets
// (pathAtOffset), so different keys there are different members, and
// two objects of one type at different offsets are disjoint; two
// globals are disjoint; a member of a struct type may lie in a global
// or in a member of another struct type.
func mayBe(j, k string) bool {
	if j == "" || k == "" || j == k {
		return true
	}
	rj, rk := keyRoot(j), keyRoot(k)
	if rj == rk {
		return false
	}
	return !(strings.HasPrefix(rj, "global ") && strings.HasPrefix(rk, "global "))
}

// keyRoot is the object key's root: "global foo" or "struct pg" of
// "global foo.b", "struct pg.b".
func keyRoot(k string) string {
	if i := strings.IndexAny(k, ".[+"); i >= 0 {
		return k[:i]
	}
	return k
}

// Exported probe helpers (assumption export-probe). An exported function
// is callable by other modules at any time (frontend/entry, struct
// "export"), so its writes race with every callback it registers. But an
// exported function that alone makes a class callable is a probe helper:
// another module's bus probe calls it, under the device's device_lock
// (really_probe), once per binding of the one device
// (i2c-designware-common.c's i2c_dw_probe, from the platform and PCI
// front ends' probes, calls i2c_dw_probe_master, which requests the
// interrupt and adds the adapter). It then gates those classes as a probe
// does: its writes before a registration come before the callbacks the
// registration publishes.

// probeHelpersOf returns the exported entry points that alone first
// publish some class.
func (in *instrumenter) probeHelpersOf() map[*ir.EntryPoint]bool {
	out := make(map[*ir.EntryPoint]bool)
	if !in.f.exportProbe {
		return out
	}
	for _, c := range sortedKeys(in.firstPublishers) {
		ps := in.firstPublishers[c]
		if _, ok := in.unpub[c]; ok && len(ps) == 1 && ps[0].Struct == "export" && ps[0].Role == ir.RoleEntry {
			out[ps[0]] = true
		}
	}
	return out
}

// publisherInit reports whether ep gates the classes it publishes as an
// init entry point: an init, or an exported probe helper.
func (in *instrumenter) publisherInit(ep *ir.EntryPoint) bool {
	return ep.Role == ir.RoleInit || in.probeHelpers[ep]
}
