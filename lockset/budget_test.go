package lockset_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/whoopverify/whoop/frontend"
	"github.com/whoopverify/whoop/lockset"
)

// The solver budget (Options.Rlimit) stops a pair check in Z3's resource
// units: pigeons.c's pair, which the default budget decides, is
// inconclusive within 100k units, with a note naming the budget, the same
// with one solver thread or two. Only the wall-clock limit, a last resort,
// says that its result depends on the machine. Before, the only bound was
// the wall clock, and Z3 4.8.12 reports a spent budget in such a query as
// "unknown" (z3.Solver.ReasonUnknown now says "canceled").
func TestPairBudget(t *testing.T) {
	const path = "testdata/budget/pigeons.c"
	ctx := context.Background()
	prog, err := frontend.Load(ctx, path, frontend.Config{})
	if err != nil {
		t.Fatal(err)
	}
	note := func(opts lockset.Options) string {
		t.Helper()
		res, err := lockset.Check(ctx, prog, opts)
		if err != nil {
			t.Fatal(err)
		}
		var notes []string
		for _, p := range res.Pairs {
			if p.Verdict != lockset.RaceFree && p.Verdict != lockset.NotChecked {
				notes = append(notes, p.Pair.First.Name()+" "+p.Pair.Second.Name()+" "+string(p.Verdict)+": "+p.Note)
			}
		}
		return strings.Join(notes, "\n")
	}
	if got := note(lockset.Options{Jobs: 1}); got != "" {
		t.Errorf("default budget: got %q, want every pair race-free", got)
	}
	want := "dev_write dev_write inconclusive: global count: solver budget of 100k Z3 resource units per query used up (--rlimit)"
	for _, jobs := range []int{1, 2} {
		if got := note(lockset.Options{Jobs: jobs, Rlimit: 100_000}); got != want {
			t.Errorf("jobs %d: got %q, want %q", jobs, got, want)
		}
	}
	got := note(lockset.Options{Jobs: 1, Rlimit: -1, Timeout: time.Millisecond})
	if want := "wall-clock limit --timeout 1ms reached: the result depends on the machine"; !strings.HasPrefix(got, "dev_write dev_write inconclusive: ") || !strings.HasSuffix(got, want) {
		t.Errorf("no budget, 1ms: got %q, want a note ending %q", got, want)
	}
}

// The lock checks' queries have the same budget: lock_if_fits returns
// without its lock, which the default budget proves; within 100k units
// the check is inconclusive, with the budget's note.
func TestLockCheckBudget(t *testing.T) {
	ctx := context.Background()
	prog, err := frontend.Load(ctx, "testdata/budget/pigeons.c", frontend.Config{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		rlimit int64
		warn   string
	}{
		{0, ""},
		{100_000, "of lock_if_fits inconclusive: solver budget of 100k Z3 resource units per query used up (--rlimit)"},
	} {
		res, err := lockset.CheckLocks(ctx, prog, lockset.Options{Jobs: 1, Rlimit: c.rlimit})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Errors) != 0 {
			t.Errorf("rlimit %d: errors %v, want none", c.rlimit, res.Errors)
		}
		var got []string
		for _, w := range res.Warnings {
			if strings.Contains(w.Msg, "inconclusive") {
				got = append(got, w.Msg)
			}
		}
		if c.warn == "" && len(got) > 0 || c.warn != "" && (len(got) != 1 || !strings.HasSuffix(got[0], c.warn)) {
			t.Errorf("rlimit %d: inconclusive warnings %q, want %q", c.rlimit, got, c.warn)
		}
	}
}
