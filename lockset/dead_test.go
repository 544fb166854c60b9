package lockset_test

import (
	"fmt"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/lockset"
)

// leftOutSameResults checks, on each shared driver of dirs, that a
// shrinking of the pair programs (left out what, counted by count) changes
// no verdict and no racy region: against the check with keep, which turns
// it off, and only where it leaves something out.
func leftOutSameResults(t *testing.T, dirs []string, what string, keep func(lockset.Options) lockset.Options, count func(lockset.Stats) int) {
	for _, d := range dirs {
		t.Run(filepath.Base(d), func(t *testing.T) {
			check := sharedChecker(t, d)
			pruned := check(lockset.Options{})
			full := check(keep(lockset.Options{}))
			if count(pruned.Stats) == 0 {
				t.Fatalf("no %s left out: the comparison checks nothing", what)
			}
			if n := count(full.Stats); n != 0 {
				t.Errorf("turned off, %d %s left out", n, what)
			}
			if a, b := racySummary(pruned), racySummary(full); !reflect.DeepEqual(a, b) {
				t.Errorf("%s left out and kept differ:\n%v\n%v", what, a, b)
			}
		})
	}
}

// TestDeadSitesSameResults: leaving dead sites out of the pair programs
// (sites that every conflicting access of the other side meets under a
// common lock, such as probe's accesses before it registers the other
// entry point) changes no verdict and no racy region.
func TestDeadSitesSameResults(t *testing.T) {
	leftOutSameResults(t, []string{
		"drivers/char/dtlk",
		"drivers/char/mbcs",
		"paper-suite/net/nfc/nfcsim",
		"paper-suite/usb/appledisplay",
	}, "dead sites", lockset.KeepDeadSites, func(s lockset.Stats) int { return s.DeadSites })
}

// TestFixedLocksSameResults: reading a lock's state off the selected site,
// where it is the same on every path, instead of recording it with each
// selection (narrow, with the summaries projected) changes no verdict and
// no racy region.
func TestFixedLocksSameResults(t *testing.T) {
	leftOutSameResults(t, []string{
		"drivers/char/dtlk",
		"paper-suite/block/sx8",
		"paper-suite/net/nfc/nfcsim",
		"paper-suite/usb/ssu100",
	}, "lock records", lockset.KeepLockRecords, func(s lockset.Stats) int { return s.FixedLockRecords })
}

// racySummary is each pair's verdict and racy regions: what must not
// depend on how the pairs' formulas are built and solved (which two
// accesses witness a race may).
func racySummary(res *lockset.FileResult) []string {
	var out []string
	for _, p := range res.Pairs {
		var regions []string
		for _, r := range p.Races {
			if !slices.Contains(regions, r.Region) {
				regions = append(regions, r.Region)
			}
		}
		slices.Sort(regions)
		out = append(out, fmt.Sprintf("%s %s %v %v", p.Pair.First.Name(), p.Pair.Second.Name(), p.Verdict, regions))
	}
	return out
}

// TestFreshSameResults: init pairs checked with a fresh tactic solver per
// query (vc Options.Fresh, which large probe pairs get) have the verdicts
// and racy regions of the incremental check.
func TestFreshSameResults(t *testing.T) {
	for _, d := range []string{
		"drivers/char/dtlk",
		"paper-suite/net/nfc/nfcsim",
		"paper-suite/usb/appledisplay",
	} {
		t.Run(filepath.Base(d), func(t *testing.T) {
			check := sharedChecker(t, d)
			fresh := check(lockset.FreshSize(lockset.Options{}, 1))
			incremental := check(lockset.Options{})
			a, b := racySummary(fresh), racySummary(incremental)
			if !reflect.DeepEqual(a, b) {
				t.Errorf("fresh and incremental checks differ:\n%v\n%v", a, b)
			}
			racy := 0
			for _, p := range fresh.Pairs {
				if p.Verdict == lockset.Racy && (p.Pair.First.Role == ir.RoleInit || p.Pair.Second.Role == ir.RoleInit) {
					racy++
				}
			}
			if racy == 0 {
				t.Error("no racy init pair: the comparison checks little")
			}
		})
	}
}

// TestRepeatsSameResults: a pair whose program repeats an earlier pair's
// (one function in several slots) takes that pair's result, and checking
// each such pair itself gives the same verdicts and racy regions. On
// pm_slots.c the suspend function's three slots each race with the
// interrupt (two of the three checks are repeats); on slots_locks.c one
// function sits in two slots with different kernel locks, whose pairs are
// no repeats (one is race-free, one racy); on fs3270 its ioctl sits in two
// slots. On compat_forward.c the compat_ioctl that only forwards to the
// ioctl repeats its three pairs (with read, with the ioctl, with itself);
// the one that takes a lock first repeats nothing. Every access names its
// pair's entry point.
func TestRepeatsSameResults(t *testing.T) {
	for _, tc := range []struct {
		name    string
		check   func(lockset.Options) *lockset.FileResult
		repeats int
	}{
		{"pm_slots", fileChecker(t, filepath.Join("testdata", "race", "pm_slots.c")), 2},
		{"slots_locks", fileChecker(t, filepath.Join("testdata", "race", "slots_locks.c")), 0},
		{"fs3270", sharedChecker(t, "paper-suite/char/fs3270"), 4},
		{"compat_forward", fileChecker(t, filepath.Join("testdata", "race", "compat_forward.c")), 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			once := tc.check(lockset.Options{})
			each := tc.check(lockset.CheckRepeats(lockset.Options{}))
			if once.Stats.RepeatedPairs != tc.repeats {
				t.Errorf("%d pairs repeat another, want %d", once.Stats.RepeatedPairs, tc.repeats)
			}
			if each.Stats.RepeatedPairs != 0 {
				t.Errorf("CheckRepeats: %d pairs taken as repeats", each.Stats.RepeatedPairs)
			}
			if a, b := racySummary(once), racySummary(each); !reflect.DeepEqual(a, b) {
				t.Errorf("repeats taken and checked differ:\n%v\n%v", a, b)
			}
			// A repeat's races are its original's, access for access.
			byFuncs := make(map[string][]lockset.Race)
			for _, p := range once.Pairs {
				if p.Verdict != lockset.Racy {
					continue
				}
				for _, r := range p.Races {
					if a := r.Accesses; a[0].EntryPoint != p.Pair.First.Name() || a[1].EntryPoint != p.Pair.Second.Name() {
						t.Errorf("%s and %s: a race's accesses name %s and %s", p.Pair.First.Name(), p.Pair.Second.Name(), a[0].EntryPoint, a[1].EntryPoint)
					}
				}
				k := p.Pair.First.Func.Name + " " + p.Pair.Second.Func.Name
				if prev, ok := byFuncs[k]; ok && !reflect.DeepEqual(prev, p.Races) {
					t.Errorf("%s: two slots report different races:\n%v\n%v", k, prev, p.Races)
				}
				byFuncs[k] = p.Races
			}
		})
	}
}

// TestUnheldLockLeftOut: a lock one side holds at none of its live sites
// is left out of the pair's record even where the other side holds it on
// some paths only (unheld_lock_record.c: dev_ioctl's conditional lock
// against dev_write), and the result is the check's with every record
// kept. dev_write with itself leaves it out too (neither side holds it:
// the old rule); dev_ioctl with itself keeps its bit.
func TestUnheldLockLeftOut(t *testing.T) {
	check := fileChecker(t, filepath.Join("testdata", "race", "unheld_lock_record.c"))
	pruned := check(lockset.Options{})
	full := check(lockset.KeepLockRecords(lockset.Options{}))
	if n := pruned.Stats.FixedLockRecords; n != 2 {
		t.Errorf("%d lock records left out, want 2 (dev_ioctl with dev_write, dev_write with itself)", n)
	}
	if a, b := racySummary(pruned), racySummary(full); !reflect.DeepEqual(a, b) {
		t.Errorf("records left out and kept differ:\n%v\n%v", a, b)
	}
}

// TestPairCostCounted: Stats counts the pair checks' solver calls and Z3
// resource units (--stats prints them), every solved pair at least one
// call, and a pair taken as a repeat of another costs none: on
// pm_slots.c checking the two repeats as well costs more calls.
func TestPairCostCounted(t *testing.T) {
	check := fileChecker(t, filepath.Join("testdata", "race", "pm_slots.c"))
	once := check(lockset.Options{})
	each := check(lockset.CheckRepeats(lockset.Options{}))
	for _, res := range []*lockset.FileResult{once, each} {
		st := res.Stats
		if st.SolvedPairs == 0 || st.PairQueries < st.SolvedPairs || st.PairUnits == 0 {
			t.Errorf("%d pairs solved with %d solver calls and %d units", st.SolvedPairs, st.PairQueries, st.PairUnits)
		}
		var calls int
		for _, c := range st.Slowest {
			if c.Queries == 0 || c.Units == 0 {
				t.Errorf("slow pair %s and %s: %d calls, %d units", c.First, c.Second, c.Queries, c.Units)
			}
			calls += c.Queries
		}
		if calls > st.PairQueries {
			t.Errorf("the slowest pairs made %d calls, all of them %d", calls, st.PairQueries)
		}
	}
	if once.Stats.PairQueries >= each.Stats.PairQueries {
		t.Errorf("repeats taken: %d solver calls, checked: %d; want fewer", once.Stats.PairQueries, each.Stats.PairQueries)
	}
}
