package explore_test

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/whoopverify/whoop/explore"
	"github.com/whoopverify/whoop/lockset"
)

// wantLine matches an explorer expectation on a source line:
//
//	x = 1; // want "confirmed"
//	x = 1; // want "not confirmed"
//	x = 1; // want "not confirmed" "trace rejected: release"
//
// Every potential race with an access on that line must have the status
// (and, when given, a note containing the second string); every race must
// have an expectation on one of its two lines, and every expectation a
// race.
var wantLine = regexp.MustCompile(`//\s*want\s+"([^"]*)"(?:\s+"([^"]*)")?`)

type want struct{ status, note string }

var statusOf = map[string]explore.Status{
	"confirmed": explore.Confirmed, "not confirmed": explore.NotConfirmed, "not explored": explore.NotExplored,
}

func parseExploreWants(t *testing.T, path string) map[int]want {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[int]want{}
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		if m := wantLine.FindStringSubmatch(sc.Text()); m != nil {
			if _, ok := statusOf[m[1]]; !ok {
				t.Fatalf("%s:%d: want %q: not an explorer status", path, line, m[1])
			}
			out[line] = want{m[1], m[2]}
		}
	}
	return out
}

// checkWants compares the explorer's verdicts on path with its wants.
func checkWants(t *testing.T, path string, res *lockset.FileResult, out *explore.Result) {
	t.Helper()
	wants := parseExploreWants(t, path)
	used := map[int]bool{}
	for _, r := range out.Races {
		pr := res.Pairs[r.Pair]
		race := pr.Races[r.Race]
		what := pr.Pair.First.Name() + "|" + pr.Pair.Second.Name() + " " + race.Region
		found := false
		for _, a := range race.Accesses {
			w, ok := wants[a.Pos.Line]
			if !ok || a.Pos.File != path && filepath.Base(a.Pos.File) != filepath.Base(path) {
				continue
			}
			found = true
			used[a.Pos.Line] = true
			if r.Status != statusOf[w.status] || !strings.Contains(r.Note, w.note) {
				t.Errorf("%s:%d: %s: %s (%s), want %q %q", filepath.Base(path), a.Pos.Line, what, r.Status, r.Note, w.status, w.note)
			}
		}
		if !found {
			t.Errorf("%s: race %s at lines %d/%d: %s, and no want on either line", filepath.Base(path), what,
				race.Accesses[0].Pos.Line, race.Accesses[1].Pos.Line, r.Status)
		}
		if r.Status == explore.Confirmed {
			checkTrace(t, what, r)
		}
	}
	for l := range wants {
		if !used[l] {
			t.Errorf("%s:%d: want without a potential race on the line", filepath.Base(path), l)
		}
	}
}

// TestCSemantics: the explorer runs C's integers (widths, signedness,
// conversions, hardware reads of their width) and the kernel's atomic
// and bit operations with their values, so it confirms none of the races
// behind an impossible value (testdata/sem: the cases of issue 48) and
// still confirms the real ones.
func TestCSemantics(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "sem", "*.c"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no test programs: %v", err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			res, out := confirm(t, f, explore.Options{})
			checkWants(t, f, res, out)
			_, alone := confirm(t, f, explore.NoConcrete(explore.Options{}))
			checkWants(t, f, res, alone)
		})
	}
}

// A negative int stored into an unsigned int shows in the trace as the
// value the cell holds (4294967291), never as -5.
func TestUnsignedValuesInTrace(t *testing.T) {
	path := filepath.Join("testdata", "sem", "widths.c")
	res, out := confirm(t, path, explore.Options{})
	seen := 0
	for _, r := range out.Races {
		if res.Pairs[r.Pair].Races[r.Race].Region != "global limit" {
			continue
		}
		for _, s := range r.Steps {
			if s.LValue == "limit" && s.Value != "" {
				seen++
				if s.Value != "4294967291" {
					t.Errorf("step %s:%d %s limit = %s, want 4294967291", s.Func, s.Pos.Line, s.Kind, s.Value)
				}
			}
		}
	}
	if seen == 0 {
		t.Fatal("no step on limit in the confirmed traces")
	}
}
