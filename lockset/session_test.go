package lockset_test

import (
	"context"
	"fmt"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/whoopverify/whoop/frontend"
	"github.com/whoopverify/whoop/lockset"
)

// TestSessionSplit: pairs checked in Z3 contexts of their own (the split a
// large driver's groups get at maxSessionSize) give the same verdicts and
// races as one context per group, and the same result, witnesses
// included, whatever --jobs: where a context ends depends only on the
// pairs.
func TestSessionSplit(t *testing.T) {
	check := sharedChecker(t, "drivers/net/ethernet/8139too")
	whole := check(lockset.Options{Jobs: 2})
	split1 := check(lockset.SessionSize(lockset.Options{Jobs: 1}, 1))
	split2 := check(lockset.SessionSize(lockset.Options{Jobs: 2}, 1))
	if !reflect.DeepEqual(split1.Pairs, split2.Pairs) {
		t.Error("split contexts: --jobs 1 and --jobs 2 differ")
	}
	// Verdicts and the regions and lines of the races do not depend on how
	// pairs share contexts (which witness Z3 picks may).
	summary := func(res *lockset.FileResult) []string {
		var out []string
		for _, p := range res.Pairs {
			s := fmt.Sprintf("%s %s %v", p.Pair.First.Name(), p.Pair.Second.Name(), p.Verdict)
			regions := map[string]bool{}
			for _, r := range p.Races {
				regions[r.Region] = true
			}
			out = append(out, fmt.Sprint(s, " ", len(regions)))
		}
		return out
	}
	if a, b := summary(whole), summary(split1); !reflect.DeepEqual(a, b) {
		t.Errorf("one context per group and one per pair differ:\n%v\n%v", a, b)
	}
	racy := 0
	for _, p := range whole.Pairs {
		if p.Verdict == lockset.Racy {
			racy++
		}
	}
	if racy == 0 {
		t.Error("no racy pair: the comparison checks nothing")
	}
}

// sharedChecker loads the shared driver dir (relative to ../shared) and
// returns a function that checks it with the options given.
func sharedChecker(t *testing.T, dir string) func(lockset.Options) *lockset.FileResult {
	t.Helper()
	return fileChecker(t, filepath.Join("..", "..", "shared", filepath.FromSlash(dir), "driver.c"))
}

// fileChecker loads the C file at path once and returns a function that
// checks it with the options given.
func fileChecker(t *testing.T, path string) func(lockset.Options) *lockset.FileResult {
	t.Helper()
	prog, err := frontend.Load(context.Background(), path, frontend.Config{})
	if err != nil {
		t.Fatal(err)
	}
	return func(opts lockset.Options) *lockset.FileResult {
		t.Helper()
		res, err := lockset.Check(context.Background(), prog, opts)
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
}
