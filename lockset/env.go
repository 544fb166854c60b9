package lockset

import (
	"github.com/whoopverify/whoop/frontend/entry"
	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/models"
)

// kernelEnv is the kernel knowledge the check needs beyond the locking
// table: which kernel locks an entry point runs under, which publication
// class makes an entry point callable, and which calls publish or withdraw
// a class. It comes from the models tables; tests may replace it.
type kernelEnv struct {
	heldLocks    func(ep *ir.EntryPoint) []string
	entryClass   func(ep *ir.EntryPoint) string
	registration func(name string) (class string, unregister bool, ok bool)
	// also lists the further classes a registration publishes
	// (models.RegAPI.Also); nil: none.
	also func(name string) []string
	// resumes reports whether a publication only lets run again what a
	// registration of its class installed before (models.RegAPI.Resumes:
	// enable_irq); nil: none does.
	resumes func(name string) bool
	// objects lists what ep's registration sites register (models.Facts
	// ObjectsOf); callObject is what a registration call registers or
	// withdraws (models.Facts Objects).
	objects    func(ep *ir.EntryPoint) []models.SiteObject
	callObject func(call *ir.Call) models.CallObject
	// alternative reports whether a and b are callbacks of two bus
	// drivers that are alternative bindings of one device
	// (models.Facts.Bindings): while one probes the device, it is not
	// bound through the other. nil: never.
	alternative func(a, b *ir.EntryPoint) bool
	// boundAfter reports whether p is a callback of bus probe ep's own
	// driver that the kernel calls only on a bound device and a rule keeps
	// from running beside ep (keptFromProbe): in ep's binding it runs
	// after ep returned. nil: never.
	boundAfter func(ep, p *ir.EntryPoint) bool
	// pinned reports whether module exit ep never runs while a file of
	// file operation p's ops is open (rule module-ref). nil: never.
	pinned func(ep, p *ir.EntryPoint) bool
}

// defaultEnv reads the models tables for prog.
func defaultEnv(prog *ir.Program, fo entry.FactsOptions, po PairOptions) kernelEnv {
	facts := entry.FactsWith(prog, prog.EntryPoints, fo)
	return kernelEnv{
		heldLocks: func(ep *ir.EntryPoint) []string { return models.HeldLocks(ep, facts) },
		entryClass: func(ep *ir.EntryPoint) string {
			if c := models.EntryClassIn(ep, facts); c != models.ClassModule {
				return c
			}
			return ""
		},
		// Only a withdrawal that waits for running callbacks quiesces
		// the class; misc_deregister does not.
		registration: func(name string) (string, bool, bool) { return models.CallEffectIn(name, facts) },
		also:         models.AlsoPublishes,
		resumes:      models.Resumes,
		objects:      func(ep *ir.EntryPoint) []models.SiteObject { return facts.ObjectsOf[ep] },
		callObject:   func(call *ir.Call) models.CallObject { return facts.Objects[call] },
		alternative: func(a, b *ir.EntryPoint) bool {
			return a.Var != b.Var && facts.SameDevice(a, b)
		},
		boundAfter: func(ep, p *ir.EntryPoint) bool { return keptFromProbe(ep, p, facts, po) },
		pinned:     func(ep, p *ir.EntryPoint) bool { return pinnedByFiles(ep, p, facts, po) },
	}
}
