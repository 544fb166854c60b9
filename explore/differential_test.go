package explore_test

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/whoopverify/whoop/explore"
	"github.com/whoopverify/whoop/frontend"
	"github.com/whoopverify/whoop/internal/progen"
	"github.com/whoopverify/whoop/lockset"
	"github.com/whoopverify/whoop/yieldinst"
)

var programs = flag.Int("programs", 60, "random programs for TestLocksetMissesNoRace")

// TestLocksetMissesNoRace is the differential soundness test of the lockset
// check: on random driver programs, every race the explorer confirms with
// the full yield set (Yield-ALL, whatever the lockset check proved) must be
// among the lockset check's potential races of that pair and region, and
// every trace the explorer returns must replay. A counterexample is a
// lockset soundness bug: fix it and keep the program under
// ../lockset/testdata/race.
func TestLocksetMissesNoRace(t *testing.T) {
	n := *programs
	if testing.Short() {
		n = 20
	}
	dir := t.TempDir()
	ctx := context.Background()
	// Two workers: the programs are independent.
	for w := range 2 {
		t.Run(fmt.Sprintf("worker%d", w), func(t *testing.T) {
			t.Parallel()
			for seed := 1 + w; seed <= n; seed += 2 {
				differential(t, ctx, dir, seed)
			}
		})
	}
}

func differential(t *testing.T, ctx context.Context, dir string, seed int) {
	start := time.Now()
	defer func() { t.Logf("seed %d: %v", seed, time.Since(start).Round(time.Millisecond)) }()
	{
		src := progen.Program(uint64(seed))
		path := filepath.Join(dir, fmt.Sprintf("progen%d.c", seed))
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		prog, err := frontend.Load(ctx, path, frontend.Config{})
		if err != nil {
			t.Fatalf("seed %d: %v\n%s", seed, err, src)
		}
		res, err := lockset.Check(ctx, prog, lockset.Options{Jobs: 1})
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		fs, out, err := explore.Misses(ctx, prog, res, explore.Options{Mode: yieldinst.All, Unroll: 1, Timeout: 5 * time.Second})
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		for _, msg := range out.Internal {
			t.Errorf("seed %d: %s", seed, msg)
		}
		for _, f := range fs {
			pr := res.Pairs[f.Pair]
			{
				var steps strings.Builder
				for _, s := range f.Steps {
					fmt.Fprintf(&steps, "  T%d %s:%d %s %s = %s\n", s.Thread, s.Func, s.Pos.Line, s.Kind, s.LValue, s.Value)
				}
				t.Errorf("seed %d: lockset check misses the race of %s and %s on %s (verdict %s):\n%s\n%s",
					seed, pr.Pair.First.Name(), pr.Pair.Second.Name(), f.Region, pr.Verdict, steps.String(), src)
			}
		}
	}
}

// A withdrawal that waits (cancel_work_sync) waits in the explorer too:
// thread 1 passes it only once the other thread, running an entry point of
// the class withdrawn, has returned. Without that, the solver returned
// interleavings the replay rejects (an internal error), and Misses found
// races the lockset check excludes by the publication assumption.
func TestWaitingWithdrawal(t *testing.T) {
	noMisses(t, filepath.Join("testdata", "withdraw", "cancel_sync.c"), func(res *lockset.FileResult) {
		if res.Races() != 0 {
			t.Fatalf("lockset check: %d races, want none", res.Races())
		}
	})
}

// noMisses runs the lockset check and Misses (Yield-ALL) on path and
// expects no race the lockset check missed, no trace that does not replay,
// and at least one query. keep, if not nil, sees the lockset result first:
// it may check it and select the pairs to explore.
func noMisses(t *testing.T, path string, keep func(*lockset.FileResult)) {
	t.Helper()
	ctx := context.Background()
	prog, err := frontend.Load(ctx, path, frontend.Config{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := lockset.Check(ctx, prog, lockset.Options{Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	if keep != nil {
		keep(res)
	}
	fs, out, err := explore.Misses(ctx, prog, res, explore.Options{Mode: yieldinst.All, Timeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	for _, msg := range out.Internal {
		t.Errorf("trace does not replay: %.300s", msg)
	}
	for _, f := range fs {
		pr := res.Pairs[f.Pair]
		t.Errorf("race of %s and %s on %s that the lockset check does not report", pr.Pair.First.Name(), pr.Pair.Second.Name(), f.Region)
	}
	if out.Stats.Queries == 0 {
		t.Error("no query: the pairs were not explored")
	}
}

// The publication and running flags have a table of their own. In the lock
// table a lock at an address the environment chose could be the same cell
// as a flag: on nfcsim a mutex at dev0 + 8 was the work's running flag, so
// exit unlocking it passed cancel_delayed_work_sync while the work ran, and
// the two exit | work pairs returned traces the replay rejects.
func TestFlagsApartFromLocks(t *testing.T) {
	path := filepath.Join("..", "..", "shared", "paper-suite", "net", "nfc", "nfcsim", "driver.c")
	if _, err := os.Stat(path); err != nil {
		t.Skipf("paper suite not present: %v", err)
	}
	noMisses(t, path, func(res *lockset.FileResult) {
		var exitPairs []lockset.PairResult
		for _, p := range res.Pairs {
			if p.Pair.First.Name() == "nfcsim_exit" || p.Pair.Second.Name() == "nfcsim_exit" {
				exitPairs = append(exitPairs, p)
			}
		}
		res.Pairs = exitPairs
	})
}
