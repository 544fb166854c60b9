package models

import "testing"

// Describes covers every table: a function it does not describe may touch
// what its pointer arguments point to once kernel-calls is dropped.
func TestDescribes(t *testing.T) {
	for name, want := range map[string]bool{
		"kfree":              true, // helper
		"kmalloc_noprof":     true, // helper, through the _noprof suffix
		"spin_lock":          true, // locking
		"request_irq":        true, // registration
		"mc146818_avoid_UIP": true, // synchronous callback
		"strscpy_unknown":    false,
	} {
		if got := Describes(name); got != want {
			t.Errorf("Describes(%q) = %v, want %v", name, got, want)
		}
	}
}
