package lockset_test

import (
	"context"
	"fmt"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/whoopverify/whoop/frontend"
	wantpkg "github.com/whoopverify/whoop/internal/want"
	"github.com/whoopverify/whoop/lockset"
)

// want is one expectation: a race access on Line matching Pattern.
type want struct {
	line    int
	pattern *regexp.Regexp
	matched bool
}

// parseWants reads the `// want "REGEX" ...` annotations of a C file. A
// pattern is a regular expression between double quotes, taken literally
// (no string escapes): "read buf\[0\] by .*".
func parseWants(t *testing.T, path string) map[int][]*want {
	t.Helper()
	lines, err := wantpkg.Lines(path)
	if err != nil {
		t.Fatal(err)
	}
	wants := make(map[int][]*want)
	for _, l := range lines {
		patterns := wantpkg.Quoted(l.Text)
		if len(patterns) == 0 {
			t.Fatalf("%s:%d: want annotation without a quoted pattern", path, l.N)
		}
		for _, p := range patterns {
			re, err := regexp.Compile(p)
			if err != nil {
				t.Fatalf("%s:%d: bad want pattern %q: %v", path, l.N, p, err)
			}
			wants[l.N] = append(wants[l.N], &want{line: l.N, pattern: re})
		}
	}
	return wants
}

// describe is the text annotations match for access a racing with b.
func describe(a, b lockset.Access) string {
	return fmt.Sprintf("%s %s by %s races with %s %s by %s", a.Kind, a.LValue, a.EntryPoint, b.Kind, b.LValue, b.EntryPoint)
}

// TestRaces checks every program in testdata/race against its annotations.
func TestRaces(t *testing.T) {
	files, err := filepath.Glob("testdata/race/*.c")
	if err != nil || len(files) == 0 {
		t.Fatalf("no test programs: %v", err)
	}
	for _, path := range files {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".c"), func(t *testing.T) {
			checkAnnotated(t, path, lockset.VerifyConstruction(lockset.Options{Jobs: 2}))
		})
	}
}

// TestGivenUpSummary: with summary inference given up on every function (a
// budget too small for any check), a selection in a summarised function
// that takes its lock itself still records what the must-held analysis
// knows is held there; before, the record's lock bit was free and
// summary_given_up.c reported races "holding no lock" inside work.
func TestGivenUpSummary(t *testing.T) {
	res := checkAnnotated(t, "testdata/race/summary_given_up.c", lockset.VerifyConstruction(lockset.Options{Jobs: 2, HoudiniRlimit: 1}))
	gaveUp := false
	for _, w := range res.Warnings {
		gaveUp = gaveUp || strings.Contains(w.Msg, "summary inference gave up on") && strings.Contains(w.Msg, "work")
	}
	if !gaveUp {
		t.Errorf("summary inference did not give up on work: warnings %v", res.Warnings)
	}
}

// checkAnnotated checks path's races against its annotations and returns
// the result.
func checkAnnotated(t *testing.T, path string, opts lockset.Options) *lockset.FileResult {
	t.Helper()
	ctx := context.Background()
	prog, err := frontend.Load(ctx, path, frontend.Config{})
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	res, err := lockset.Check(ctx, prog, opts)
	if err != nil {
		t.Fatalf("check: %v", err)
	}
	wants := parseWants(t, path)
	type report struct {
		line int
		desc string
	}
	var reports []report
	for _, p := range res.Pairs {
		if p.Verdict == lockset.Inconclusive {
			t.Errorf("pair %s %s inconclusive: %s", p.Pair.First.Name(), p.Pair.Second.Name(), p.Note)
		}
		for _, r := range p.Races {
			a, b := r.Accesses[0], r.Accesses[1]
			for _, x := range [][2]lockset.Access{{a, b}, {b, a}} {
				if filepath.Base(x[0].Pos.File) != filepath.Base(path) {
					t.Errorf("race access outside the test file: %s", x[0].Pos)
					continue
				}
				reports = append(reports, report{x[0].Pos.Line, describe(x[0], x[1])})
			}
		}
	}
	sort.Slice(reports, func(i, j int) bool {
		if reports[i].line != reports[j].line {
			return reports[i].line < reports[j].line
		}
		return reports[i].desc < reports[j].desc
	})
	for _, r := range reports {
		ok := false
		for _, w := range wants[r.line] {
			if w.pattern.MatchString(r.desc) {
				w.matched, ok = true, true
			}
		}
		if !ok {
			t.Errorf("%s:%d: unexpected race: %s", path, r.line, r.desc)
		}
	}
	lines := make([]int, 0, len(wants))
	for l := range wants {
		lines = append(lines, l)
	}
	sort.Ints(lines)
	for _, l := range lines {
		for _, w := range wants[l] {
			if !w.matched {
				t.Errorf("%s:%d: missing race matching %q", path, l, w.pattern)
			}
		}
	}
	return res
}

// TestWithdrawOnceDropped: without the withdraw-once assumption three
// free_irq calls do not show that the handler's three lines are all
// withdrawn (each might free one line twice): exit's last write of the
// handler's data races too (withdraw_count.c, line 48).
func TestWithdrawOnceDropped(t *testing.T) {
	ctx := context.Background()
	path := "testdata/race/withdraw_count.c"
	prog, err := frontend.Load(ctx, path, frontend.Config{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		opts lockset.Options
		want bool
	}{{lockset.Options{Jobs: 2}, false}, {lockset.Options{Jobs: 2, NoWithdrawOnce: true}, true}} {
		res, err := lockset.Check(ctx, prog, lockset.VerifyConstruction(tc.opts))
		if err != nil {
			t.Fatal(err)
		}
		got := false
		for _, p := range res.Pairs {
			for _, r := range p.Races {
				for _, a := range r.Accesses {
					got = got || a.EntryPoint == "dev_exit" && a.Pos.Line == 48
				}
			}
		}
		if got != tc.want {
			t.Errorf("NoWithdrawOnce %v: race at line 48 %v, want %v", tc.opts.NoWithdrawOnce, got, tc.want)
		}
	}
}
