package entry

import (
	"fmt"
	"sort"
	"strings"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/models"
)

// Site is one place where the driver makes a function callable by the
// kernel: an initialiser cell, a registration call or a store.
type Site struct {
	Func    *ir.Function
	Role    ir.Role
	Struct  string // ops struct type or registration function, as in ir.EntryPoint
	Var     string // global holding the ops struct or the registered object, if any
	Field   string
	Pos     ir.Pos
	Guessed bool
	// Escape: the site makes the function callable only because it
	// escapes (entry points by escape, escape.go), not by a kernel struct
	// or registration whoop's tables know or guess.
	Escape bool
	Note   string
	// In is the driver function holding the registering call or store; nil
	// for static initialisers.
	In *ir.Function
	// Call is the registering call, or nil.
	Call *ir.Call
	// API is the registration function called ("request_irq"), or "".
	API string
	// Object identifies the registered instance: "global zf_timer",
	// "struct rtl8139_private.thread", "irq 5"; "" when unknown.
	Object string
	// Repeated: the site may register several instances at once (it sits
	// in a loop, or in a driver function called from several places).
	Repeated bool
	// HeldLock is the identity of a lock the kernel holds around the
	// callback because the registration named it (blk_init_queue).
	HeldLock string
}

// Result is everything the entry-point pass finds.
type Result struct {
	EntryPoints []*ir.EntryPoint
	Sites       []Site // sorted like EntryPoints
	Warnings    []ir.Diagnostic
	// SitesOf lists, per entry point, the sites it was made from.
	SitesOf map[*ir.EntryPoint][]Site
	// LLTX and Owned feed models.Facts. Owned lists ops variables whose
	// .owner is THIS_MODULE and whose files pin the module (not proc files).
	LLTX  bool
	Owned map[string]bool
	// USBSoftUnbind and USBClaims feed models.Facts: the driver names
	// soft_unbind, usb_driver_claim_interface.
	USBSoftUnbind, USBClaims bool
	// StopOnReboot feeds models.Facts.StopOnReboot.
	StopOnReboot bool
	// Escaped and EscapeCalls feed models.Facts: the guessed entry points
	// that reach the kernel only through calls of EscapeCalls.
	Escaped     map[*ir.EntryPoint]bool
	EscapeCalls map[string]bool
	// Objects feeds models.Facts.Objects.
	Objects map[*ir.Call]models.CallObject
	// URBTops: per URB name (urbkey.go), the function that must be an
	// init entry point for the name to stand (nil: it never does).
	URBTops map[string]*ir.Function
}

// Find returns the entry points of prog, in a deterministic order, and
// appends warnings about registrations it could not resolve to
// prog.Warnings (each once).
func Find(prog *ir.Program) []*ir.EntryPoint {
	r := Analyse(prog)
	have := make(map[string]bool, len(prog.Warnings))
	for _, w := range prog.Warnings {
		have[w.String()] = true
	}
	for _, w := range r.Warnings {
		if !have[w.String()] {
			prog.Warnings = append(prog.Warnings, w)
			have[w.String()] = true
		}
	}
	return r.EntryPoints
}

// Analyse finds the entry points of prog and the registrations behind
// them. It does not modify prog. An internal error is returned as a
// warning, never a panic.
func Analyse(prog *ir.Program) (res *Result) {
	defer func() {
		if r := recover(); r != nil {
			res = &Result{Warnings: []ir.Diagnostic{{Pos: ir.Pos{File: prog.Path},
				Msg: fmt.Sprintf("entry points: internal error: %v", r)}}}
		}
	}()
	s := newScanner(prog)
	s.scanGlobals()
	s.scanCode()
	s.scanEscaped()
	res = s.result()
	res.Objects = s.callObjects()
	res.URBTops = s.urbTops(urbNames(res))
	return res
}

// key identifies an entry point. Guessed sites of one function make one
// entry point, however they reach the kernel (register_thing(cb) and
// unregister_thing(cb)): its races are reported once. Known sites make one
// per function, role and ops struct field, whatever variable holds the
// struct: a table of 67 gpio_chip banks is one entry point per operation,
// not one per bank (their pairs would repeat one race 67 times). Sites in
// several variables give the entry point no variable (Var ""), so no rule
// takes them for one device's callbacks.
type key struct {
	fn           *ir.Function
	role         ir.Role
	strct, field string
	guessed      bool
}

func siteKey(st *Site) key {
	if st.Guessed {
		return key{fn: st.Func, guessed: true}
	}
	return key{st.Func, st.Role, st.Struct, st.Field, false}
}

func epKey(ep *ir.EntryPoint) key {
	if ep.Guessed {
		return key{fn: ep.Func, guessed: true}
	}
	return key{ep.Func, ep.Role, ep.Struct, ep.Field, false}
}

func (s *scanner) result() *Result {
	sort.SliceStable(s.sites, func(i, j int) bool { return siteLess(&s.sites[i], &s.sites[j]) })
	owned := map[string]bool{}
	for v := range s.owned {
		if !s.unpinned[v] {
			owned[v] = true
		}
	}
	res := &Result{Sites: s.sites, Warnings: s.warnings, SitesOf: map[*ir.EntryPoint][]Site{},
		LLTX: s.named("NETIF_F_LLTX"), StopOnReboot: s.named("watchdog_stop_on_reboot") || s.named("WDOG_STOP_ON_REBOOT"), Owned: owned, Escaped: map[*ir.EntryPoint]bool{}, EscapeCalls: map[string]bool{},
		USBSoftUnbind: s.named("soft_unbind"), USBClaims: s.named("usb_driver_claim_interface")}
	byKey := map[key]*ir.EntryPoint{}
	for i := range s.sites {
		st := &s.sites[i]
		k := siteKey(st)
		ep := byKey[k]
		if ep == nil {
			ep = &ir.EntryPoint{Func: st.Func, Role: st.Role, Struct: st.Struct, Var: st.Var, Field: st.Field,
				Pos: st.Pos, Guessed: st.Guessed, Note: st.Note}
			ep.Params = paramKinds(ep)
			byKey[k] = ep
			res.EntryPoints = append(res.EntryPoints, ep)
		} else {
			if ep.Role != st.Role {
				ep.Role = ir.RoleEntry // guessed roles that disagree
			}
			if ep.Var != st.Var {
				ep.Var = "" // several ops variables: no one device
			}
			if st.Note != "" && !strings.Contains(ep.Note, st.Note) {
				if ep.Note != "" {
					ep.Note += "; "
				}
				ep.Note += st.Note
			}
		}
		res.SitesOf[ep] = append(res.SitesOf[ep], *st)
	}
	s.escapeClasses(res)
	sort.SliceStable(res.Warnings, func(i, j int) bool { return posLess(res.Warnings[i].Pos, res.Warnings[j].Pos) })
	return res
}

func siteLess(a, b *Site) bool {
	if a.Pos != b.Pos {
		return posLess(a.Pos, b.Pos)
	}
	for _, c := range [][2]string{{a.Func.Name, b.Func.Name}, {a.Struct, b.Struct}, {a.Field, b.Field},
		{a.Var, b.Var}, {string(a.Role), string(b.Role)}, {a.API, b.API}, {a.Object, b.Object}} {
		if c[0] != c[1] {
			return c[0] < c[1]
		}
	}
	return false
}

func posLess(a, b ir.Pos) bool { return ir.ComparePos(a, b) < 0 }

// paramKinds gives one ParamKind per parameter of ep.Func, from the
// table row when there is one, else from the parameter types.
func paramKinds(ep *ir.EntryPoint) []ir.ParamKind {
	types := make([]ir.Type, len(ep.Func.Params))
	for i, p := range ep.Func.Params {
		types[i] = p.CType
		if types[i] == nil && ep.Func.Sig != nil && i < len(ep.Func.Sig.Params) {
			types[i] = ep.Func.Sig.Params[i]
		}
	}
	var specs []models.ParamSpec
	if row, ok := models.Row(ep); ok && !ep.Guessed {
		specs = row.Params
	} else if p, ok := models.ExportParams(ep.Func.Name); ok && ep.Struct == "export" {
		specs = p
	}
	return models.ParamKinds(specs, types)
}

// FactsOf returns the driver facts the pairing rules of models need, for
// the entry points eps (normally prog.EntryPoints, as Find returned them).
func FactsOf(prog *ir.Program, eps []*ir.EntryPoint) models.Facts {
	return FactsWith(prog, eps, FactsOptions{})
}

// FactsOptions drop assumptions the facts make.
type FactsOptions struct {
	// NoBindings: every bus driver of the module drives a device of its
	// own (no Facts.Bindings): the one-binding assumption dropped, or the
	// one-device assumption.
	NoBindings bool
}

// FactsWith is FactsOf with options.
func FactsWith(prog *ir.Program, eps []*ir.EntryPoint, opts FactsOptions) models.Facts {
	r := Analyse(prog)
	facts := models.Facts{LLTX: r.LLTX, StopOnReboot: r.StopOnReboot, USBSoftUnbind: r.USBSoftUnbind, USBClaims: r.USBClaims,
		Owned: r.Owned, Repeated: map[*ir.EntryPoint]bool{},
		RepeatedWhy: map[*ir.EntryPoint]string{}, ExtraLocks: map[*ir.EntryPoint][]string{}, Escaped: map[*ir.EntryPoint]bool{}, EscapeCalls: r.EscapeCalls,
		DevGroups: devGroups(prog), SetsGroups: setsGroups(prog), Objects: r.Objects, ObjectsOf: map[*ir.EntryPoint][]models.SiteObject{}}
	dropURBNames(r, eps)
	facts.Pinged = pinged(eps)
	byKey := map[key][]Site{}
	escaped := map[key]bool{}
	for ep, sites := range r.SitesOf {
		byKey[epKey(ep)] = sites
		escaped[epKey(ep)] = r.Escaped[ep]
	}
	for _, ep := range eps {
		sites := byKey[epKey(ep)]
		if escaped[epKey(ep)] {
			facts.Escaped[ep] = true
		}
		if why := repeated(sites); why != "" {
			facts.Repeated[ep] = true
			facts.RepeatedWhy[ep] = why
		}
		objs := []models.SiteObject{}
		for _, st := range sites {
			objs = append(objs, models.SiteObject{Object: st.Object, Repeated: st.Repeated})
		}
		facts.ObjectsOf[ep] = objs
		for _, st := range sites {
			if st.HeldLock != "" {
				facts.ExtraLocks[ep] = appendUnique(facts.ExtraLocks[ep], st.HeldLock)
			}
		}
	}
	if !opts.NoBindings {
		facts.Bindings = bindings(prog, eps)
	}
	before := make(map[*ir.EntryPoint]bool, len(facts.Repeated))
	for ep := range facts.Repeated {
		before[ep] = true
	}
	runsTwice(prog, eps, func(ep *ir.EntryPoint) []Site { return byKey[epKey(ep)] }, &facts)
	for _, ep := range eps {
		if facts.Repeated[ep] && !before[ep] {
			// Registered by code that may run twice at once: each of its
			// sites may register several objects.
			for i := range facts.ObjectsOf[ep] {
				facts.ObjectsOf[ep][i].Repeated = true
			}
		}
	}
	facts.Frozen = frozenWork(eps, &facts)
	return facts
}

// frozenWork returns the work entry points whose objects only freezable
// workqueues run (models.Facts.Frozen): each of their registration sites
// names an object, some call queues it, and every call that queues work
// queues it on a freezable queue or names another object.
func frozenWork(eps []*ir.EntryPoint, facts *models.Facts) map[*ir.EntryPoint]bool {
	queued := map[string]bool{}   // objects some call queues
	unfrozen := map[string]bool{} // objects a call may queue on another queue
	anyUnfrozen := false          // a call queues an object whoop cannot name elsewhere
	for call, co := range facts.Objects {
		api, ok := models.Registration(call.Callee.Name)
		if !ok || api.Publishes != models.ClassWork {
			continue
		}
		frozen := api.Freezable || (api.Queue && models.FreezableQueue(co.Queue))
		switch {
		case co.Object == "" && !frozen:
			anyUnfrozen = true
		case !frozen:
			unfrozen[co.Object] = true
		default:
			queued[co.Object] = true
		}
	}
	out := map[*ir.EntryPoint]bool{}
	if anyUnfrozen {
		return out
	}
	for _, ep := range eps {
		objs := facts.ObjectsOf[ep]
		ok := ep.Role == ir.RoleWork && len(objs) > 0
		for _, o := range objs {
			ok = ok && o.Object != "" && queued[o.Object] && !unfrozen[o.Object]
		}
		if ok {
			out[ep] = true
		}
	}
	return out
}

// SitesOf returns the registration sites of the entry points eps, keyed
// by entry point, in position order.
func SitesOf(prog *ir.Program, eps []*ir.EntryPoint) map[*ir.EntryPoint][]Site {
	r := Analyse(prog)
	byKey := map[key][]Site{}
	for ep, sites := range r.SitesOf {
		byKey[epKey(ep)] = sites
	}
	out := make(map[*ir.EntryPoint][]Site, len(eps))
	for _, ep := range eps {
		out[ep] = byKey[epKey(ep)]
	}
	return out
}

// repeated says why the sites may register several instances of an entry
// point at once, or "" when they do not: a repeated site, two run-time
// sites whose objects differ or are unknown.
func repeated(sites []Site) string {
	objs := map[string]bool{}
	unknown := 0
	for _, st := range sites {
		if st.Repeated {
			return registration(st) + " may run several times: it is in a loop, or its function is called from several places or from a loop"
		}
		if st.Object == "" {
			unknown++
		} else {
			objs[st.Object] = true
		}
	}
	if len(objs) > 1 || (unknown > 0 && len(sites) > 1) {
		at := make([]string, len(sites))
		for i, st := range sites {
			at[i] = shortPos(st.Pos)
		}
		return "it is registered at " + strings.Join(at, ", ") + ", not always for the same object"
	}
	return ""
}

func appendUnique(xs []string, x string) []string {
	for _, y := range xs {
		if y == x {
			return xs
		}
	}
	return append(xs, x)
}

// pinged returns the watchdog_ops variables with a .ping (models.Facts.Pinged).
func pinged(eps []*ir.EntryPoint) map[string]bool {
	out := map[string]bool{}
	for _, ep := range eps {
		if ep.Struct == "watchdog_ops" && ep.Field == "ping" && ep.Var != "" && !ep.Guessed {
			out[ep.Var] = true
		}
	}
	return out
}
