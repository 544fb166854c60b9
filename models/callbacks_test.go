package models

import (
	"slices"
	"testing"
)

// TestSyncCallbacks checks that every row names its kernel code and that
// its parameter indices fit its arity.
func TestSyncCallbacks(t *testing.T) {
	if len(syncCallbacks) == 0 {
		t.Fatal("no rows")
	}
	for name, row := range syncCallbacks {
		if row.Why == "" {
			t.Errorf("%s: no Why", name)
		}
		if row.Fn < 0 || row.Fn >= row.Arity {
			t.Errorf("%s: callback parameter %d outside arity %d", name, row.Fn, row.Arity)
		}
		for _, a := range row.Also {
			if a < 0 || a >= row.Arity || a == row.Fn {
				t.Errorf("%s: further callback parameter %d (arity %d, callback %d)", name, a, row.Arity, row.Fn)
			}
		}
		for _, a := range row.Args {
			if a >= row.Arity || (a == row.Fn && row.Table == "") || slices.Contains(row.Also, a) {
				t.Errorf("%s: callback argument from parameter %d (arity %d, callback %d)", name, a, row.Arity, row.Fn)
			}
		}
		if (row.Table == "") != (row.Field == "") || (row.Table != "" && len(row.Also) > 0) {
			t.Errorf("%s: Table %q and Field %q go together, without Also", name, row.Table, row.Field)
		}
		if _, ok := HelperFor(name); ok {
			t.Errorf("%s: also a helper row; the front end replaces its calls", name)
		}
	}
	if _, ok := SyncCallbackFor("mc146818_avoid_UIP"); !ok {
		t.Error("mc146818_avoid_UIP: no row")
	}
}
