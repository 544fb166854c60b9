package entry

import (
	"slices"
	"sort"
	"strings"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/models"
)

// bindings finds the bus drivers of the module that are alternative
// bindings of one device (models.Facts.Bindings): a device binds to at most
// one driver at a time (dev->driver, set by really_probe under
// device_lock), so when a module registers several bus drivers for one
// chip (rtc-cmos: a pnp_driver and a platform_driver, whose probes both
// call cmos_do_probe, which returns -EBUSY once the RTC is taken), under
// the one-device assumption the device is bound through one of them and
// the callbacks of the others do not run for it.
//
// Two bus drivers are alternatives when their probes are the same function
// or reach (by direct calls) a common driver function that sets up the
// device: one that calls a registration-table function (the class device,
// the interrupt line). A parent's and a child's driver in one file (a
// controller and the clients on its bus) probe with code of their own.
// Drivers are bus-driver variables whose probe runs under device_lock (the
// rows of models' busDrivers). The result maps each driver variable of a
// group of two or more to the group's name, its variables sorted and
// joined by "+".
func bindings(prog *ir.Program, eps []*ir.EntryPoint) map[string]string {
	probes := map[string][]*ir.Function{}
	for _, ep := range eps {
		if ep.Guessed || ep.Var == "" || ep.Role != ir.RoleInit || models.IsModuleLevel(ep) {
			continue
		}
		row, ok := models.Row(ep)
		if !ok || !slices.Contains(row.Held, models.DeviceLock) {
			continue
		}
		probes[ep.Var] = append(probes[ep.Var], ep.Func)
	}
	if len(probes) < 2 {
		return nil
	}
	vars := make([]string, 0, len(probes))
	for v := range probes {
		vars = append(vars, v)
	}
	sort.Strings(vars)
	setup := map[string]map[*ir.Function]bool{}
	for _, v := range vars {
		setup[v] = setupFuncs(probes[v])
	}
	parent := map[string]string{}
	var find func(string) string
	find = func(v string) string {
		if p, ok := parent[v]; ok && p != v {
			return find(p)
		}
		return v
	}
	for i, a := range vars {
		for _, b := range vars[i+1:] {
			if shareSetup(setup[a], setup[b]) {
				parent[find(b)] = find(a)
			}
		}
	}
	groups := map[string][]string{}
	for _, v := range vars {
		groups[find(v)] = append(groups[find(v)], v)
	}
	out := map[string]string{}
	for _, g := range groups {
		if len(g) < 2 {
			continue
		}
		name := strings.Join(g, "+")
		for _, v := range g {
			out[v] = name
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// setupFuncs returns the driver functions the probes reach by direct
// calls, the probes included, each marked true when it sets up the device
// (calls a registration-table function) or is a probe itself.
func setupFuncs(probes []*ir.Function) map[*ir.Function]bool {
	out := map[*ir.Function]bool{}
	var walk func(f *ir.Function)
	walk = func(f *ir.Function) {
		if _, seen := out[f]; seen {
			return
		}
		out[f] = false
		for _, b := range f.Blocks {
			for _, st := range b.Stmts {
				c, ok := st.(*ir.Call)
				if !ok || c.Callee == nil {
					continue
				}
				if !c.Callee.External() {
					walk(c.Callee)
				} else if _, reg := models.Registration(c.Callee.Name); reg {
					out[f] = true
				}
			}
		}
	}
	for _, p := range probes {
		walk(p)
	}
	for _, p := range probes {
		out[p] = true
	}
	return out
}

// shareSetup reports whether a function marked in both sets is the same.
func shareSetup(a, b map[*ir.Function]bool) bool {
	for f, set := range a {
		if set && b[f] {
			return true
		}
	}
	return false
}
