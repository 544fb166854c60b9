package explore_test

import (
	"fmt"
	"regexp"
	"strconv"
	"testing"

	"github.com/whoopverify/whoop/explore"
	wantpkg "github.com/whoopverify/whoop/internal/want"
)

// verdictWant is one expectation of an explorer test program: a race with
// an access on line whose description (verdictText) matches pattern, in
// the runs at csb (0: every run).
type verdictWant struct {
	line    int
	csb     int
	pattern *regexp.Regexp
	matched bool
}

// wantToken is one `csbN "PATTERN"` or `"PATTERN"` of an annotation.
var wantToken = regexp.MustCompile(`(?:csb(\d+)\s+)?"([^"]*)"`)

// parseVerdictWants reads the `// want [csbN] "REGEX" ...` annotations of
// an explorer test program: a csbN prefix restricts the patterns after it
// (up to the next prefix) to the run at that bound.
func parseVerdictWants(t *testing.T, path string) []*verdictWant {
	t.Helper()
	lines, err := wantpkg.Lines(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []*verdictWant
	for _, l := range lines {
		ms := wantToken.FindAllStringSubmatch(l.Text, -1)
		if len(ms) == 0 {
			t.Fatalf("%s:%d: want annotation without a quoted pattern", path, l.N)
		}
		csb := 0
		for _, m := range ms {
			if m[1] != "" {
				csb, _ = strconv.Atoi(m[1])
			}
			re, err := regexp.Compile(m[2])
			if err != nil {
				t.Fatalf("%s:%d: bad want pattern %q: %v", path, l.N, m[2], err)
			}
			out = append(out, &verdictWant{line: l.N, csb: csb, pattern: re})
		}
	}
	return out
}

// verdictText is what annotations match: "STATUS REGION FIRST|SECOND".
func verdictText(status, region, first, second string) string {
	return fmt.Sprintf("%s %s %s|%s", status, region, first, second)
}

// checkVerdicts explores path with opts and checks every potential race's
// verdict against the program's annotations: each race must match a want
// on one of its two access lines, and each want (of this csb) a race.
// Every confirmed race's trace must replay and have the shape of one.
func checkVerdicts(t *testing.T, path string, opts explore.Options) *explore.Result {
	t.Helper()
	res, out := confirm(t, path, opts)
	csb := opts.CSB
	if csb == 0 {
		csb = explore.DefaultCSB
	}
	var wants []*verdictWant
	for _, w := range parseVerdictWants(t, path) {
		if w.csb == 0 || w.csb == csb {
			wants = append(wants, w)
		}
	}
	for _, r := range out.Races {
		pr := res.Pairs[r.Pair]
		race := pr.Races[r.Race]
		text := verdictText(r.Status, race.Region, pr.Pair.First.Name(), pr.Pair.Second.Name())
		ok := false
		for _, w := range wants {
			if (w.line == race.Accesses[0].Pos.Line || w.line == race.Accesses[1].Pos.Line) && w.pattern.MatchString(text) {
				w.matched, ok = true, true
			}
		}
		if !ok {
			t.Errorf("%s (csb %d): lines %d/%d: unexpected verdict %q (%s)", path, csb,
				race.Accesses[0].Pos.Line, race.Accesses[1].Pos.Line, text, r.Note)
		}
		if r.Status == explore.Confirmed {
			checkTrace(t, text, r)
			// The interleaving shows this race: its check and the write
			// in between are the race's two accesses.
			a, b := race.Accesses[0].Pos, race.Accesses[1].Pos
			if !(r.Check.Pos == a && r.Writer.Pos == b || r.Check.Pos == b && r.Writer.Pos == a) {
				t.Errorf("%s: the interleaving's check %s and write %s are not the race's accesses %s and %s", text, r.Check.Pos, r.Writer.Pos, a, b)
			}
		}
	}
	for _, w := range wants {
		if !w.matched {
			t.Errorf("%s:%d (csb %d): no verdict matches %q", path, w.line, csb, w.pattern)
		}
	}
	return out
}
