package explore_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/whoopverify/whoop/explore"
	"github.com/whoopverify/whoop/frontend"
	"github.com/whoopverify/whoop/lockset"
)

// A query the wall clock cuts leaves its races "not explored (timeout)",
// the one verdict that depends on the machine's load, never "not
// confirmed" and never with a reason that hides the clock.
func TestWallClockSaysTimeout(t *testing.T) {
	_, out := confirm(t, sharedDriver(t, "generic_nvram"), explore.NoConcrete(explore.Options{Timeout: time.Nanosecond}))
	if len(out.Races) == 0 {
		t.Fatal("no race explored")
	}
	for _, r := range out.Races {
		if r.Status != explore.NotExplored || !strings.HasPrefix(r.Note, explore.TimeoutNote+": ") {
			t.Errorf("pair %d race %d: %s %q, want %q", r.Pair, r.Race, r.Status, r.Note, explore.TimeoutNote)
		}
	}
}

// Budgets are resource units, not time: a budget too small for any answer
// gives the same verdict, "not explored" for lack of resources, in every
// run, with a wall clock that never strikes.
func TestResourceBudgetDecides(t *testing.T) {
	opts := explore.Rlimits(explore.NoConcrete(explore.Options{Timeout: time.Hour}), 1, 1)
	_, one := confirm(t, sharedDriver(t, "generic_nvram"), opts)
	_, two := confirm(t, sharedDriver(t, "generic_nvram"), opts)
	if len(one.Races) == 0 || len(one.Races) != len(two.Races) {
		t.Fatalf("%d and %d races", len(one.Races), len(two.Races))
	}
	for i, r := range one.Races {
		if r.Status != explore.NotExplored || !strings.Contains(r.Note, "resource limit") {
			t.Errorf("race %d: %s %q, want not explored for lack of resources", i, r.Status, r.Note)
		}
		if r.Status != two.Races[i].Status || r.Note != two.Races[i].Note {
			t.Errorf("race %d: %s %q, then %s %q", i, r.Status, r.Note, two.Races[i].Status, two.Races[i].Note)
		}
	}
	if one.Stats.Units == 0 {
		t.Error("no resource units counted")
	}
}

// The file's solver budget is shared by its pairs with races, at least
// minPairUnits (10M) each: with room for one pair only, the first pair is
// explored and every other race says it is not explored for lack of
// budget, the same in every run and with any number of workers.
func TestFileBudgetSharedByPairs(t *testing.T) {
	path := sharedDriver(t, "pc8736x_gpio")
	for _, jobs := range []int{1, 2} {
		res, out := confirm(t, path, explore.FileUnits(explore.NoConcrete(explore.Options{Jobs: jobs}), 10_000_000))
		first := -1
		for _, r := range out.Races {
			if first < 0 {
				first = r.Pair
			}
			pr := res.Pairs[r.Pair].Pair
			switch {
			case r.Pair == first && r.Status != explore.Confirmed:
				t.Errorf("jobs %d: first pair %s|%s: %s %q, want confirmed", jobs, pr.First.Name(), pr.Second.Name(), r.Status, r.Note)
			case r.Pair != first && (r.Status != explore.NotExplored || !strings.Contains(r.Note, "solver budget")):
				t.Errorf("jobs %d: pair %s|%s: %s %q, want not explored for the file's budget", jobs, pr.First.Name(), pr.Second.Name(), r.Status, r.Note)
			}
		}
		if first < 0 || len(out.Races) < 2 {
			t.Fatalf("jobs %d: %d races", jobs, len(out.Races))
		}
	}
}

// What a pair leaves of its share goes to the pairs after it: with room
// for two pairs' shares, more than two pairs are explored when the first
// ones spend less (the budget was reserved up front: 6.12 rtc-cmos.c left
// its last 10 pairs unexplored with 95% of its budget unspent), and the
// verdicts are the same with any number of workers.
func TestFileBudgetCarriesOver(t *testing.T) {
	path := sharedDriver(t, "pc8736x_gpio")
	var notes [2][]string
	for k, jobs := range []int{1, 2} {
		_, out := confirm(t, path, explore.FileUnits(explore.NoConcrete(explore.Options{Jobs: jobs}), 20_000_000))
		explored := map[int]bool{}
		for _, r := range out.Races {
			if r.Status != explore.NotExplored {
				explored[r.Pair] = true
			}
			notes[k] = append(notes[k], string(r.Status)+" "+r.Note)
		}
		if len(explored) <= 2 {
			t.Errorf("jobs %d: %d pairs explored, want more than 2 (units %d)", jobs, len(explored), out.Stats.Units)
		}
		if out.Stats.Units > 20_000_000 {
			t.Errorf("jobs %d: %d units spent, over the file's budget", jobs, out.Stats.Units)
		}
	}
	if strings.Join(notes[0], "\n") != strings.Join(notes[1], "\n") {
		t.Errorf("jobs 1 and 2 differ:\n%s\n--\n%s", strings.Join(notes[0], "\n"), strings.Join(notes[1], "\n"))
	}
}

// cancelOnWrite cancels a context at the first line the explorer writes
// to Options.Debug: inside a query, before its solver runs.
type cancelOnWrite struct{ cancel context.CancelFunc }

func (c cancelOnWrite) Write(p []byte) (int, error) { c.cancel(); return len(p), nil }

// A run stopped while a query is on its way (the file's deadline, an
// interrupt) leaves the pair's races not explored with the reason, never
// an internal error (sonypi under load: 6 races said "internal error:
// context deadline exceeded").
func TestStopInsideQuery(t *testing.T) {
	path := sharedDriver(t, "sonypi") // large enough that its encoding looks at ctx
	prog, exact, err := frontend.LoadWithExact(context.Background(), path, nil, frontend.Config{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := lockset.Check(context.Background(), prog, lockset.Options{Jobs: 1})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	opts := explore.NoConcrete(explore.Options{Exact: exact, Debug: cancelOnWrite{cancel}})
	out, err := explore.Confirm(ctx, prog, res, opts)
	if err != nil && !errors.Is(err, context.Canceled) {
		t.Fatal(err)
	}
	if out == nil || len(out.Races) == 0 {
		t.Fatal("no race")
	}
	if len(out.Internal) > 0 {
		t.Errorf("internal errors: %v", out.Internal)
	}
	for _, r := range out.Races {
		if r.Status != explore.NotExplored || r.Note != "not explored: the run was interrupted before the explorer finished this pair" {
			t.Errorf("race %d/%d: %s %q", r.Pair, r.Race, r.Status, r.Note)
		}
	}
}
