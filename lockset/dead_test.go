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

// TestDeadSitesSameResults: leaving dead sites out of the pair programs
// (sites that every conflicting access of the other side meets under a
// common lock, such as probe's accesses before it registers the other
// entry point) changes no verdict and no racy region, on shared drivers
// where it leaves sites out.
func TestDeadSitesSameResults(t *testing.T) {
	for _, d := range []string{
		"drivers/char/dtlk",
		"drivers/char/mbcs",
		"paper-suite/net/nfc/nfcsim",
		"paper-suite/usb/appledisplay",
	} {
		t.Run(filepath.Base(d), func(t *testing.T) {
			check := sharedChecker(t, d)
			pruned := check(lockset.Options{})
			full := check(lockset.KeepDeadSites(lockset.Options{}))
			if pruned.Stats.DeadSites == 0 {
				t.Fatal("no dead site left out: the comparison checks nothing")
			}
			if full.Stats.DeadSites != 0 {
				t.Errorf("KeepDeadSites: %d sites left out", full.Stats.DeadSites)
			}
			if a, b := racySummary(pruned), racySummary(full); !reflect.DeepEqual(a, b) {
				t.Errorf("dead sites left out and kept differ:\n%v\n%v", a, b)
			}
		})
	}
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
