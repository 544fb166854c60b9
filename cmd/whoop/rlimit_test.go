package main

import (
	"strings"
	"testing"
)

// --rlimit bounds each solver query of the pair and lock checks in Z3's
// resource units: pigeons.c's pair, race-free within the default budget,
// is inconclusive within 100k, with the same JSON with one solver thread
// or two; the note names the budget. Before, the flag did not exist and
// the only bound was the wall clock (--timeout, 60s by default).
func TestRlimitFlag(t *testing.T) {
	const file = "../../lockset/testdata/budget/pigeons.c"
	code, stdout, stderr := runWhoop(t, "--no-progress", file)
	if code != exitOK || !strings.Contains(stdout, "pigeons.c: 0 findings on 0 variables (0 racy pairs of 3 concurrent)\n") {
		t.Errorf("default budget: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	var outs []string
	for _, jobs := range []string{"1", "2"} {
		code, stdout, stderr := runWhoop(t, "--no-progress", "--rlimit", "100k", "--jobs", jobs, "--format", "json", file)
		if code != exitInconclusive {
			t.Errorf("--rlimit 100k --jobs %s: exit %d, want %d; stderr %q", jobs, code, exitInconclusive, stderr)
		}
		outs = append(outs, stdout)
	}
	if outs[0] != outs[1] {
		t.Errorf("--jobs 1 and 2 differ:\n%s\n%s", outs[0], outs[1])
	}
	if !strings.Contains(outs[0], "global count: solver budget of 100k Z3 resource units per query used up (--rlimit)") {
		t.Errorf("no budget note in:\n%s", outs[0])
	}
	for _, c := range []struct{ arg, want string }{
		{"lots", "--rlimit lots: want a count such as 200M, 50000000 or 0 (no limit)"},
		{"5G", "--rlimit 5G: at most 4294967295 (Z3's largest budget), or 0 for no limit"},
		{"1.5", "--rlimit 1.5: want a count"},
	} {
		code, _, stderr := runWhoop(t, "--rlimit", c.arg, file)
		if code != exitUsage || !strings.Contains(stderr, c.want) {
			t.Errorf("--rlimit %s: exit %d, stderr %q, want %q", c.arg, code, stderr, c.want)
		}
	}
}

func TestParseCount(t *testing.T) {
	for in, want := range map[string]uint64{"0": 0, "200M": 200_000_000, "100k": 100_000, "1.5G": 1_500_000_000, "2500": 2500} {
		if got, err := parseCount(in); err != nil || got != want {
			t.Errorf("parseCount(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "M", "-1", "1.5", "4X"} {
		if _, err := parseCount(in); err == nil {
			t.Errorf("parseCount(%q) accepted", in)
		}
	}
	if s := units(200_000_000); s != "200M" {
		t.Errorf("units(200M) = %q", s)
	}
}
