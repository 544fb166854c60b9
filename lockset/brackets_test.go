package lockset_test

import (
	"testing"

	"github.com/whoopverify/whoop/frontend"
	"github.com/whoopverify/whoop/lockset"
)

// TestCallbackLocksSwitch: the races the callback brackets hide come back
// with the assumption dropped (NoCallbackLocks), and under several
// devices (ManyDevices) or distinct lock instances, where the carried
// lock field no longer names one lock; so do those of the rules
// usb-disconnect-pm and xenbus-resume, and the event_lock playback holds
// with the kernel locks dropped.
func TestCallbackLocksSwitch(t *testing.T) {
	cases := []struct {
		name string
		path string
		opts lockset.Options
		line int // races only without the assumption
	}{
		{"reset bracket", "testdata/race/reset_bracket.c", lockset.Options{NoCallbackLocks: true}, 31},
		{"reset bracket, many devices", "testdata/race/reset_bracket.c", lockset.Options{ManyDevices: true}, 31},
		{"reset bracket, lock instances", "testdata/race/reset_bracket.c", lockset.Options{LockInstancesDistinct: true}, 31},
		{"irq chip bus lock", "testdata/race/irq_bus_lock_bracket.c", lockset.Options{IgnoreRules: []string{"irq-chip-bus-lock"}}, 64},
		{"irq chip bus lock, callback locks", "testdata/race/irq_bus_lock_bracket.c", lockset.Options{NoCallbackLocks: true}, 64},
		{"usb disconnect pm", "testdata/race/usb_disconnect_pm.c", lockset.Options{IgnoreRules: []string{"usb-disconnect-pm"}}, 66},
		{"usb disconnect pm, many devices", "testdata/race/usb_disconnect_pm.c", lockset.Options{ManyDevices: true}, 66},
		{"xenbus resume", "testdata/race/xenbus_resume.c", lockset.Options{IgnoreRules: []string{"xenbus-resume"}}, 57},
		{"input event lock, kernel locks", "testdata/race/input_ff_event_lock.c", lockset.Options{NoKernelLocks: true}, 40},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if racyLines(t, c.path, frontend.Config{}, lockset.Options{Jobs: 1})[c.line] {
				t.Fatalf("line %d races with the assumption", c.line)
			}
			c.opts.Jobs = 1
			if !racyLines(t, c.path, frontend.Config{}, c.opts)[c.line] {
				t.Errorf("line %d does not race without it", c.line)
			}
		})
	}
}
