package lockset

import (
	"slices"
	"sort"
	"strings"

	"github.com/whoopverify/whoop/frontend/entry"
	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/models"
)

// Pair is one unordered pair of entry points; First == Second for two
// instances of the same entry point.
type Pair struct {
	First, Second *ir.EntryPoint
	// Concurrent: the kernel may run the two at the same time, so the pair
	// is checked. Init and exit entry points are concurrent with what they
	// publish; the lockset restricts them to the code after the
	// registration (before the unregistration).
	Concurrent bool
	// Rule is the ID of the models rule that made the pair non-concurrent,
	// or the IDs of the rules behind DistinctParams, comma-separated.
	Rule string
	// Reason names the kernel mechanism that keeps a non-concurrent pair
	// apart; for a concurrent pair it says why they are distinct
	// (DistinctParams) and why a rule about one instance does not apply
	// (models.Rule.NotSingle).
	Reason string
	// DistinctParams lists (parameter index in First, parameter index in
	// Second) that the kernel guarantees are different objects whenever the
	// two do run concurrently (a file being released is not the file being
	// read).
	DistinctParams [][2]int
}

// PairOptions tune the pairing.
type PairOptions struct {
	// ManyDevices drops the one-device assumption: rules of ScopeDevice
	// (device_lock, the transmit lock, an interrupt line, a timer in a
	// per-device struct) then keep pairs concurrent, since two devices of
	// the driver have two locks, lines and timers.
	ManyDevices bool
	// NoBindings drops the one-binding assumption: the bus drivers of a
	// module that probe through common set-up code (a pnp_driver and a
	// platform_driver for one chip) drive devices of their own, with a
	// device_lock each (entry.FactsOptions). ManyDevices implies it.
	NoBindings bool
	// Ignore lists IDs of rules (models.Rules) not to apply, e.g.
	// "module-ref" to pair module exit with file operations (forced unload).
	Ignore []string
}

// Pairs returns every unordered pair of prog's entry points, self-pairs
// included, in entry-point order (First's index, then Second's), under the
// default options (one device per driver).
func Pairs(prog *ir.Program) []Pair { return PairsWith(prog, PairOptions{}) }

// PairsWith is Pairs with options. It uses prog.EntryPoints, or finds the
// entry points when the program has none set.
func PairsWith(prog *ir.Program, opts PairOptions) []Pair {
	eps := prog.EntryPoints
	if eps == nil {
		eps = entry.Analyse(prog).EntryPoints
	}
	facts := entry.FactsWith(prog, eps, entry.FactsOptions{NoBindings: opts.NoBindings || opts.ManyDevices})
	rules := models.Rules()
	// The sides each entry point can play, once per entry point: matching
	// every rule's sides for each of the n² pairs took most of the time
	// with 1,000 entry points.
	sideA := make([][]bool, len(rules))
	sideB := make([][]bool, len(rules))
	for k, r := range rules {
		sideA[k] = make([]bool, len(eps))
		sideB[k] = make([]bool, len(eps))
		for i, ep := range eps {
			sideA[k][i] = r.A.Matches(ep, facts)
			sideB[k][i] = r.B.Matches(ep, facts)
		}
	}
	out := make([]Pair, 0, len(eps)*(len(eps)+1)/2)
	for i, a := range eps {
		for j := i; j < len(eps); j++ {
			may := func(k int) bool {
				return sideA[k][i] && sideB[k][j] || sideA[k][j] && sideB[k][i]
			}
			out = append(out, decide(a, eps[j], rules, may, facts, opts))
		}
	}
	return out
}

// decide applies the rules in order: the first rule that keeps the pair
// apart decides; object rules accumulate distinct parameters.
// may(k) is false when rule k cannot match (its sides do not fit a and b).
func decide(a, b *ir.EntryPoint, rules []models.Rule, may func(int) bool, facts models.Facts, opts PairOptions) Pair {
	p := Pair{First: a, Second: b, Concurrent: true}
	var ids, notes []string
	for k, r := range rules {
		if !may(k) || slices.Contains(opts.Ignore, r.ID) {
			continue
		}
		ok, params := r.Match(a, b, facts)
		if !ok {
			if n := r.NotSingle(a, b, facts); n != "" && (!opts.ManyDevices || scope(r, a) == models.ScopeKernel) {
				notes = append(notes, n)
			}
			continue
		}
		switch scope(r, a) {
		case models.ScopeKernel:
			return Pair{First: a, Second: b, Rule: r.ID, Reason: r.Reason}
		case models.ScopeDevice:
			if !opts.ManyDevices {
				return Pair{First: a, Second: b, Rule: r.ID, Reason: r.Reason + " (one device per driver assumed)"}
			}
		case models.ScopeObject:
			if params[0] < 0 || params[1] < 0 {
				continue
			}
			if !hasParams(p.DistinctParams, params) {
				p.DistinctParams = append(p.DistinctParams, params)
			}
			ids = append(ids, r.ID)
			notes = append(notes, r.Reason)
		}
	}
	sort.Slice(p.DistinctParams, func(i, j int) bool {
		x, y := p.DistinctParams[i], p.DistinctParams[j]
		return x[0] < y[0] || (x[0] == y[0] && x[1] < y[1])
	})
	p.Rule = strings.Join(ids, ",")
	p.Reason = strings.Join(notes, "; ")
	return p
}

// boundRules keep a bus driver's callbacks from running beside its probe
// on one device (device_lock, the usb_device's lock, the freezer, the
// runtime PM reference usb_probe_interface holds, a Xen frontend's
// resume under device_lock: xenbus_dev_resume returns at once while
// dev->driver is NULL).
var boundRules = []string{"device-lock", "usb-device-lock", "pm-freezer", "usb-probe-pm", "xenbus-resume"}

// keptFromProbe reports whether p is a callback of bus probe ep's own
// driver variable that one of boundRules keeps from running beside ep
// under opts, with one device (a resume of another device runs before ep
// and publishes that device's callbacks). The driver core calls such a callback only on a device bound
// to the driver (dev->driver, set by really_probe before ->probe; the USB
// core's usb_suspend_interface and usb_resume_interface skip an UNBOUND
// interface), so in the binding ep starts it runs after ep returned, and
// what it publishes (resume's usb_submit_urb) is not callable during ep.
// A previous binding's publications end with its exit, as for every
// class the lockset's publication gates.
func keptFromProbe(ep, p *ir.EntryPoint, facts models.Facts, opts PairOptions) bool {
	if opts.ManyDevices || ep.Role != ir.RoleInit || models.IsModuleLevel(ep) || ep.Var == "" || p == ep ||
		p.Var != ep.Var || p.Struct != ep.Struct || p.Guessed {
		return false
	}
	pair := decide(ep, p, models.Rules(), func(int) bool { return true }, facts, opts)
	return !pair.Concurrent && slices.Contains(boundRules, pair.Rule)
}

// pinnedByFiles reports whether module exit ep never runs while a file
// of p's ops is open: rule module-ref keeps them apart under opts (every
// open file holds a reference on the ops' owner module).
func pinnedByFiles(ep, p *ir.EntryPoint, facts models.Facts, opts PairOptions) bool {
	if ep.Role != ir.RoleExit || !models.IsModuleLevel(ep) || p == ep {
		return false
	}
	pair := decide(ep, p, models.Rules(), func(int) bool { return true }, facts, opts)
	return !pair.Concurrent && pair.Rule == "module-ref"
}

// scope is the rule's scope for this pair: a self-pair rule about one
// timer, work item or tasklet held in a global variable concerns a single
// object in the whole kernel.
func scope(r models.Rule, a *ir.EntryPoint) models.Scope {
	if r.SameEntry && r.Scope == models.ScopeDevice && a.Var != "" {
		switch a.Role {
		case ir.RoleTimer, ir.RoleWork, ir.RoleTasklet, ir.RoleNAPI:
			return models.ScopeKernel
		}
	}
	return r.Scope
}

func hasParams(ps [][2]int, p [2]int) bool {
	for _, q := range ps {
		if q == p {
			return true
		}
	}
	return false
}

// Facts returns the driver facts of prog's entry points (models.Facts),
// for models.HeldLocks and the rules.
func Facts(prog *ir.Program) models.Facts { return entry.FactsOf(prog, prog.EntryPoints) }

// HeldLocks returns the kernel locks held for the whole of entry point ep
// of prog: its table row's locks (device_lock qualified by the driver
// variable, no transmit lock for NETIF_F_LLTX drivers) and locks its
// registration handed to the kernel.
func HeldLocks(prog *ir.Program, ep *ir.EntryPoint) []string {
	return models.HeldLocks(ep, entry.FactsOf(prog, prog.EntryPoints))
}

// Publishes returns the publication classes entry point ep may publish,
// through the registration calls of its body and of the driver functions
// it calls, sorted.
func Publishes(prog *ir.Program, ep *ir.EntryPoint) []string {
	seen := map[*ir.Function]bool{}
	classes := map[string]bool{}
	var walk func(f *ir.Function)
	walk = func(f *ir.Function) {
		if seen[f] {
			return
		}
		seen[f] = true
		for _, b := range f.Blocks {
			for _, st := range b.Stmts {
				c, ok := st.(*ir.Call)
				if !ok || c.Callee == nil {
					continue
				}
				if !c.Callee.External() {
					walk(c.Callee)
					continue
				}
				if r, ok := models.Registration(c.Callee.Name); ok && r.Publishes != "" {
					classes[r.Publishes] = true
				}
			}
		}
	}
	walk(ep.Func)
	out := make([]string, 0, len(classes))
	for c := range classes {
		out = append(out, c)
	}
	sort.Strings(out)
	return out
}

// Reachable closes a set of published classes: once class C is published,
// the entry points of class C may run and publish their own classes
// (misc_register makes open callable, and open may arm the timer).
// Classes of entry points that are always callable (models.ClassAlways)
// are included from the start. The result is sorted.
func Reachable(prog *ir.Program, classes []string) []string {
	byClass := map[string][]*ir.EntryPoint{}
	for _, ep := range prog.EntryPoints {
		c := models.EntryClass(ep)
		byClass[c] = append(byClass[c], ep)
	}
	done := map[string]bool{}
	work := append([]string{models.ClassAlways}, classes...)
	for len(work) > 0 {
		c := work[len(work)-1]
		work = work[:len(work)-1]
		if done[c] {
			continue
		}
		done[c] = true
		for _, ep := range byClass[c] {
			if ep.Role == ir.RoleInit || ep.Role == ir.RoleExit {
				if models.IsModuleLevel(ep) {
					continue // the loader runs these, not the published class
				}
			}
			work = append(work, Publishes(prog, ep)...)
		}
	}
	out := make([]string, 0, len(done))
	for c := range done {
		out = append(out, c)
	}
	sort.Strings(out)
	return out
}
