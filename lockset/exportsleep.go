package lockset

import (
	"slices"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/models"
)

// Exported probe helpers and system sleep (rule pm-freezer-export, under
// the assumptions export-probe and freezer). A probe helper (export-probe:
// an exported function that alone first-publishes a class) runs inside
// another module's bus probe, and system sleep blocks probing
// (dpm_prepare: wait_for_device_probe, device_block_probing), so it never
// runs beside a system-sleep PM callback, as the driver's own probe does
// not (rule pm-freezer). The pairing (PairsWith) cannot see probe helpers:
// they follow from the publication analysis, so the pairs are narrowed
// here, once the instrumenter knows them.

const exportSleepRule = "pm-freezer-export"

const exportSleepReason = "a probe helper (an exported function that alone makes a class of callbacks " +
	"callable) runs in its caller's bus probe, and system sleep blocks probing: dpm_prepare calls " +
	"wait_for_device_probe and device_block_probing, and really_probe defers every probe until " +
	"dpm_complete unblocks it"

// sleepApart marks the pairs of a probe helper with a system-sleep PM
// callback (the sleep side of rule pm-freezer) not concurrent.
func (in *instrumenter) sleepApart(pairs []Pair, ignore []string) {
	if len(in.probeHelpers) == 0 || slices.Contains(ignore, "pm-freezer") || slices.Contains(ignore, exportSleepRule) {
		return
	}
	sleep, ok := pmFreezerSleepSide()
	if !ok {
		return
	}
	sleeps := func(ep *ir.EntryPoint) bool { return sleep.Matches(ep, models.Facts{}) }
	for i, p := range pairs {
		if !p.Concurrent {
			continue
		}
		if in.probeHelpers[p.First] && sleeps(p.Second) || in.probeHelpers[p.Second] && sleeps(p.First) {
			pairs[i] = Pair{First: p.First, Second: p.Second, Rule: exportSleepRule, Reason: exportSleepReason}
		}
	}
}

// pmFreezerSleepSide returns rule pm-freezer's side of system-sleep
// callbacks (rows only: it needs no driver facts).
func pmFreezerSleepSide() (models.Side, bool) {
	for _, r := range models.Rules() {
		if r.ID == "pm-freezer" {
			return models.Side{Rows: r.A.Rows}, true
		}
	}
	return models.Side{}, false
}
