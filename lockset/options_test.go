package lockset_test

import (
	"context"
	"maps"
	"path/filepath"
	"testing"

	"github.com/whoopverify/whoop/frontend"
	"github.com/whoopverify/whoop/frontend/regions"
	"github.com/whoopverify/whoop/lockset"
)

// racyLines returns the lines of every reported access, per pair verdict.
func racyLines(t *testing.T, path string, fc frontend.Config, opts lockset.Options) map[int]bool {
	t.Helper()
	prog, err := frontend.Load(context.Background(), path, fc)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	res, err := lockset.Check(context.Background(), prog, opts)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	lines := make(map[int]bool)
	for _, p := range res.Pairs {
		for _, r := range p.Races {
			lines[r.Accesses[0].Pos.Line] = true
			lines[r.Accesses[1].Pos.Line] = true
		}
	}
	return lines
}

// Each assumption that can hide a race, switched off, reveals the races it
// hid in a program written to depend on it.
func TestAssumptionSwitches(t *testing.T) {
	cases := []struct {
		name string
		path string
		fc   frontend.Config
		opts lockset.Options
		line int // a line that races only without the assumption
	}{
		{"lock arrays", "testdata/race/lock_array.c", frontend.Config{}, lockset.Options{LockArraysDistinct: true}, 21},
		{"publication", "testdata/race/init.c", frontend.Config{}, lockset.Options{NoPublication: true}, 27},
		{"kernel locks", "testdata/race/rtnl.c", frontend.Config{}, lockset.Options{NoKernelLocks: true}, 23},
		{"lock instances", "testdata/race/lock_instances.c", frontend.Config{}, lockset.Options{LockInstancesDistinct: true}, 39},
		{"binary semaphores", "testdata/race/semaphores.c", frontend.Config{}, lockset.Options{NoBinarySemaphores: true}, 48},
		{"ideal ints, wrap", "testdata/race/wrap.c", frontend.Config{ExactInts: true}, lockset.Options{}, 19},
		{"ideal ints, conversion", "testdata/race/wrap.c", frontend.Config{ExactInts: true}, lockset.Options{}, 39},
		{"freezer", "testdata/race/pm_freezer.c", frontend.Config{}, lockset.Options{IgnoreRules: []string{"pm-freezer"}}, 32},
		{"i2c bus lock", "testdata/race/i2c_bus_lock.c", frontend.Config{}, lockset.Options{IgnoreRules: []string{"i2c-bus-lock"}}, 24},
		{"i2c bus lock, many devices", "testdata/race/i2c_bus_lock.c", frontend.Config{}, lockset.Options{ManyDevices: true}, 24},
		{"usb device lock", "testdata/race/usb_device_lock.c", frontend.Config{}, lockset.Options{IgnoreRules: []string{"usb-device-lock"}}, 72},
		{"urb completion", "testdata/race/usb_device_lock.c", frontend.Config{}, lockset.Options{IgnoreRules: []string{"urb-complete"}}, 26},
		{"freezer, usb probe", "testdata/race/urb_publication.c", frontend.Config{}, lockset.Options{IgnoreRules: []string{"usb-probe-pm"}}, 64},
		{"freezer, usb resume submits", "testdata/race/urb_publication.c", frontend.Config{}, lockset.Options{IgnoreRules: []string{"usb-probe-pm"}}, 98},
		{"urb publication, many devices", "testdata/race/urb_publication.c", frontend.Config{}, lockset.Options{ManyDevices: true}, 98},
		{"urb publication", "testdata/race/urb_publication.c", frontend.Config{}, lockset.Options{NoPublication: true}, 98},
		{"publication objects", "testdata/race/publish_objects.c", frontend.Config{}, lockset.Options{NoPublicationObjects: true}, 49},
		{"publication objects, many devices", "testdata/race/publish_objects.c", frontend.Config{}, lockset.Options{ManyDevices: true}, 49},
		{"publication iterations", "testdata/race/publish_iterations.c", frontend.Config{}, lockset.Options{NoPublicationIterations: true}, 52},
		{"publication iterations, many devices", "testdata/race/publish_iterations.c", frontend.Config{}, lockset.Options{ManyDevices: true}, 52},
		{"export probe", "testdata/race/export_probe.c", frontend.Config{}, lockset.Options{NoExportProbe: true}, 37},
		{"export probe, many devices", "testdata/race/export_probe.c", frontend.Config{}, lockset.Options{ManyDevices: true}, 37},
		{"export probe, system sleep", "testdata/race/export_probe_sleep.c", frontend.Config{}, lockset.Options{IgnoreRules: []string{"pm-freezer-export"}}, 41},
		{"export probe, system sleep, freezer", "testdata/race/export_probe_sleep.c", frontend.Config{}, lockset.Options{IgnoreRules: []string{"pm-freezer"}}, 41},
		{"export probe, system sleep, no helper", "testdata/race/export_probe_sleep.c", frontend.Config{}, lockset.Options{NoExportProbe: true}, 41},
		{"resume publishes, many devices", "testdata/race/probe_resume_publish.c", frontend.Config{}, lockset.Options{ManyDevices: true}, 56},
		{"resume publishes, device lock and freezer", "testdata/race/probe_resume_publish.c", frontend.Config{}, lockset.Options{IgnoreRules: []string{"device-lock", "pm-freezer"}}, 56},
		{"one-binding", "testdata/race/binding.c", frontend.Config{}, lockset.Options{NoBindings: true}, 59},
		{"failed registration", "testdata/race/failed_registration.c", frontend.Config{}, lockset.Options{NoFailedRegistration: true}, 32},
		{"per-open", "testdata/race/per_open.c", frontend.Config{}, lockset.Options{NoPerOpen: true}, 71},
		{"init withdrawal", "testdata/race/probe_withdraw.c", frontend.Config{}, lockset.Options{NoInitWithdrawal: true}, 64},
		{"urb-kill", "testdata/race/urb_submit_by_open.c", frontend.Config{}, lockset.Options{NoURBKill: true}, 66},
		{"exit-after-release", "testdata/race/exit_quiet.c", frontend.Config{}, lockset.Options{NoExitQuiet: true}, 79},
		{"urb-kill, many devices", "testdata/race/urb_submit_by_open.c", frontend.Config{}, lockset.Options{ManyDevices: true}, 66},
		{"device-release-once", "testdata/race/device_release_once.c", frontend.Config{}, lockset.Options{NoReleaseOnce: true}, 42},
		{"caller-reference", "testdata/race/caller_ref.c", frontend.Config{}, lockset.Options{NoCallerRef: true}, 52},
		{"device-release-ref", "testdata/race/device_release_ref.c", frontend.Config{}, lockset.Options{NoReleaseRef: true}, 45},
		{"device-release-ref, sysfs", "testdata/race/device_release_ref.c", frontend.Config{}, lockset.Options{NoReleaseRef: true}, 65},
		{"device-release-ref, file", "testdata/race/device_release_file.c", frontend.Config{}, lockset.Options{NoReleaseRef: true}, 60},
		{"misc-open", "testdata/race/misc_open.c", frontend.Config{}, lockset.Options{NoMiscOpen: true}, 25},
		{"single-open", "testdata/race/single_open.c", frontend.Config{}, lockset.Options{NoSingleOpen: true}, 48},
		{"single-open, release keeps the bit", "testdata/race/single_open_gone.c", frontend.Config{}, lockset.Options{NoSingleOpen: true}, 54},
		{"single-open minor", "testdata/race/single_open_minor.c", frontend.Config{}, lockset.Options{NoSingleOpen: true}, 54},
		{"single-open minor, many devices", "testdata/race/single_open_minor.c", frontend.Config{}, lockset.Options{ManyDevices: true}, 54},
		{"single-open minor, lock arrays", "testdata/race/single_open_minor.c", frontend.Config{}, lockset.Options{LockArraysDistinct: true}, 54},
		{"single-open field, many devices", "testdata/race/single_open_field.c", frontend.Config{}, lockset.Options{ManyDevices: true}, 54},
		{"single-open field, lock instances", "testdata/race/single_open_field.c", frontend.Config{}, lockset.Options{LockInstancesDistinct: true}, 54},
		{"single-open flag", "testdata/race/single_open_flag.c", frontend.Config{}, lockset.Options{NoSingleOpen: true}, 48},
		{"single-open, plain RMWs", "testdata/race/single_open_rmw.c", frontend.Config{}, lockset.Options{NoSingleOpen: true}, 53},
		{"single-open-rmw", "testdata/race/single_open_rmw.c", frontend.Config{}, lockset.Options{NoSingleOpenRMW: true}, 53},
		{"single-open flag, misc-open", "testdata/race/single_open_flag.c", frontend.Config{}, lockset.Options{NoMiscOpen: true}, 48},
		{"single-open flag under a mutex", "testdata/race/single_open_flag_mutex.c", frontend.Config{}, lockset.Options{NoSingleOpen: true}, 32},
		{"single-open flag, lock field, many devices", "testdata/race/single_open_flag_field.c", frontend.Config{}, lockset.Options{ManyDevices: true}, 44},
		{"single-open flag, lock field, lock instances", "testdata/race/single_open_flag_field.c", frontend.Config{}, lockset.Options{LockInstancesDistinct: true}, 44},
		{"typed-kernel, call targets", "testdata/race/call_targets.c", frontend.Config{Regions: regions.Options{NoTypeAssumption: true}}, lockset.Options{}, 23},
		{"in-bounds", "testdata/race/oob_member.c", frontend.Config{Regions: regions.Options{NoBoundsAssumption: true}}, lockset.Options{}, 31},
		{"unpublished allocations", "testdata/race/unpublished_allocations.c", frontend.Config{Regions: regions.Options{NoUnpublishedAllocations: true}}, lockset.Options{}, 27},
		{"failed registration, fresh object", "testdata/race/failed_fresh.c", frontend.Config{Regions: regions.Options{NoFailedRegistration: true}}, lockset.Options{}, 34},
		{"fresh local types", "testdata/race/local_types.c", frontend.Config{Regions: regions.Options{NoFreshLocalTypes: true}}, lockset.Options{}, 29},
		{"call allocations", "testdata/race/call_alloc.c", frontend.Config{}, lockset.Options{NoCallAllocations: true}, 42},
		{"self-deadlock", "testdata/race/self_deadlock.c", frontend.Config{}, lockset.Options{NoSelfDeadlock: true}, 38},
		{"setup calls", "testdata/race/setup_calls.c", frontend.Config{}, lockset.Options{IgnoreRules: []string{"setup-calls"}}, 16},
		{"setup calls in probes, system sleep", "testdata/race/setup_pm.c", frontend.Config{}, lockset.Options{IgnoreRules: []string{"pm-freezer-setup"}}, 44},
		{"setup calls in probes, runtime PM", "testdata/race/setup_pm.c", frontend.Config{}, lockset.Options{IgnoreRules: []string{"setup-runtime-pm"}}, 51},
		{"unpublished allocations, loop", "testdata/race/unpublished_allocations.c", frontend.Config{Regions: regions.Options{NoUnpublishedAllocations: true}}, lockset.Options{}, 62},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if racyLines(t, c.path, frontend.Config{}, lockset.Options{Jobs: 1})[c.line] {
				t.Fatalf("line %d races even with the assumption", c.line)
			}
			c.opts.Jobs = 1
			if !racyLines(t, c.path, c.fc, c.opts)[c.line] {
				t.Errorf("line %d does not race without the assumption", c.line)
			}
		})
	}
}

// TestLockInstancesPrecise: telling lock instances apart keeps the
// protection of data in the same object as its lock (s->count under
// s->lock), and reports exactly the accesses to the global total.
func TestLockInstancesPrecise(t *testing.T) {
	got := racyLines(t, "testdata/race/lock_instances.c", frontend.Config{}, lockset.Options{Jobs: 1, LockInstancesDistinct: true})
	want := map[int]bool{39: true, 50: true}
	if len(got) != len(want) || !got[39] || !got[50] {
		t.Errorf("racy lines = %v, want %v (s->count at lines 38 and 49 is protected by its own object's lock)", got, want)
	}
}

// TestLockInstancesConstruction: with lock instances told apart, the
// instrumentation's stated facts still hold on every test program.
func TestLockInstancesConstruction(t *testing.T) {
	files, err := filepath.Glob("testdata/race/*.c")
	if err != nil || len(files) == 0 {
		t.Fatalf("no test programs: %v", err)
	}
	for _, path := range files {
		prog, err := frontend.Load(context.Background(), path, frontend.Config{})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := lockset.Check(context.Background(), prog, lockset.VerifyConstruction(lockset.Options{Jobs: 2, LockInstancesDistinct: true})); err != nil {
			t.Errorf("%s: %v", path, err)
		}
	}
}

// TestExactInts: modelling C's wrap-around reports the same accesses as
// ideal integers on every test program but wrap.c, written to need it; the
// instrumentation's stated facts hold there too.
func TestExactInts(t *testing.T) {
	files, err := filepath.Glob("testdata/race/*.c")
	if err != nil || len(files) == 0 {
		t.Fatalf("no test programs: %v", err)
	}
	for _, path := range files {
		// Both runs verify their construction (the exact run's check
		// was a third run before); verifying can change which accesses
		// witness a race, so both runs do it or neither.
		ideal := racyLines(t, path, frontend.Config{}, lockset.VerifyConstruction(lockset.Options{Jobs: 2}))
		exact := racyLines(t, path, frontend.Config{ExactInts: true}, lockset.VerifyConstruction(lockset.Options{Jobs: 2}))
		if filepath.Base(path) == "wrap.c" {
			// 19 and 39 race; a protected write (23, 35) may be the
			// witness that races with one of them.
			others := maps.Clone(exact)
			delete(others, 23)
			delete(others, 35)
			if len(ideal) != 0 || len(others) != 2 || !exact[19] || !exact[39] {
				t.Errorf("%s: racy lines %v with ideal integers, %v exact; want none, then 19 and 39 (and maybe 23, 35)", path, ideal, exact)
			}
		} else if !maps.Equal(ideal, exact) {
			t.Errorf("%s: racy lines %v with ideal integers, %v exact", path, ideal, exact)
		}
	}
}
