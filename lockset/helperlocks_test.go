package lockset_test

import (
	"context"
	"testing"

	"github.com/whoopverify/whoop/frontend"
	"github.com/whoopverify/whoop/lockset"
)

// TestHelperLocksSwitch: fasync_helper's accesses hold fasync_lock, so two
// fasync calls do not race on the list head (fasync_lock.c); without the
// helper-locks assumption they do, as before.
func TestHelperLocksSwitch(t *testing.T) {
	prog, err := frontend.Load(context.Background(), "testdata/race/fasync_lock.c", frontend.Config{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		opts lockset.Options
		want lockset.Verdict
	}{
		{lockset.Options{}, lockset.RaceFree},
		{lockset.Options{NoHelperLocks: true}, lockset.Racy},
	} {
		res, err := lockset.Check(context.Background(), prog, tc.opts)
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, p := range res.Pairs {
			if p.Pair.First.Func.Name == "tick_fasync" && p.Pair.Second.Func.Name == "tick_fasync" {
				found = true
				if p.Verdict != tc.want {
					t.Errorf("NoHelperLocks=%v: tick_fasync with itself %s, want %s", tc.opts.NoHelperLocks, p.Verdict, tc.want)
				}
			}
		}
		if !found {
			t.Fatalf("no pair tick_fasync with itself")
		}
	}
}
