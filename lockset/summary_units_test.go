package lockset_test

import (
	"path/filepath"
	"testing"

	"github.com/whoopverify/whoop/lockset"
)

// TestHoudiniCostCounted: Stats counts summary inference's Z3 resource
// units (--stats prints them), and the part spent by functions then given
// up: none within the default budget on summary_given_up.c (work is recursive, so summarised), all of it when the
// budget is one unit per function (each gives up at its first check).
func TestHoudiniCostCounted(t *testing.T) {
	check := fileChecker(t, filepath.Join("testdata", "race", "summary_given_up.c"))
	st := check(lockset.Options{}).Stats
	if st.HoudiniChecks == 0 || st.HoudiniUnits == 0 || st.HoudiniGaveUpUnits != 0 {
		t.Errorf("default budget: %d checks, %d units, %d given up; want some, none given up", st.HoudiniChecks, st.HoudiniUnits, st.HoudiniGaveUpUnits)
	}
	st = check(lockset.Options{HoudiniRlimit: 1}).Stats
	if st.HoudiniChecks == 0 || st.HoudiniGaveUpUnits == 0 || st.HoudiniGaveUpUnits != st.HoudiniUnits {
		t.Errorf("budget 1: %d checks, %d units, %d given up; want all given up", st.HoudiniChecks, st.HoudiniUnits, st.HoudiniGaveUpUnits)
	}
}
