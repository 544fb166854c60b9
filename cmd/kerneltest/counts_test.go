package main

import (
	"bytes"
	"strings"
	"testing"
)

// A report as whoop writes it today: two races on one region and one on
// another, no findings.
const pairsOnly = `{"version": "x", "files": [{"path": "a.c", "pairs": [
 {"first": "f", "second": "g", "races": [{"region": "struct foo.x"}, {"region": "struct foo.y"}]},
 {"first": "g", "second": "g", "races": [{"region": "struct foo.x"}, {"region": "struct foo.z", "suppressed": "baseline"}]}],
 "summary": {"races": 4}}]}`

// With findings: the array counts; failing it, summary.findings.
const withFindings = `{"files": [
 {"path": "a.c", "pairs": [{"races": [{"region": "r"}]}], "findings": [{}, {}], "summary": {"races": 1, "findings": 2}},
 {"path": "b.c", "pairs": [], "summary": {"races": 0, "findings": 3}}]}`

func TestParseCounts(t *testing.T) {
	for _, tc := range []struct {
		name, doc string
		want      counts
		cell      string
	}{
		{"pairs only", pairsOnly, counts{races: 4, regions: 2}, "-"},
		{"findings", withFindings, counts{races: 1, regions: 1, findings: 5, hasFindings: true}, "5"},
		{"no files", `{"files": []}`, counts{}, "-"},
	} {
		got, err := parseCounts([]byte(tc.doc))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got != tc.want {
			t.Errorf("%s: parseCounts = %+v, want %+v", tc.name, got, tc.want)
		}
		if c := got.findingsCell(); c != tc.cell {
			t.Errorf("%s: findings cell %q, want %q", tc.name, c, tc.cell)
		}
	}
	if _, err := parseCounts([]byte("{")); err == nil {
		t.Error("parseCounts accepted a truncated report")
	}
}

// The table sums races and regions per directory and in the total, and
// shows "-" for findings when no report had them.
func TestTableCounts(t *testing.T) {
	files := []result{
		{dir: "d1", file: "d1/a.c", code: 1, counts: counts{races: 10, regions: 2}},
		{dir: "d1", file: "d1/b.c", code: 0},
		{dir: "d2", file: "d2/c.c", code: 1, counts: counts{races: 5, regions: 3, findings: 4, hasFindings: true}},
	}
	var buf bytes.Buffer
	printTable(&buf, files, []string{"d1", "d2"})
	rows := map[string][]string{}
	for _, line := range strings.Split(buf.String(), "\n") {
		if f := strings.Fields(line); len(f) > 0 {
			rows[f[0]] = f
		}
	}
	for name, want := range map[string][]string{
		"d1":    {"10", "2", "-"},
		"d2":    {"5", "3", "4"},
		"total": {"15", "5", "4"},
	} {
		row := rows[name]
		if len(row) < 3 {
			t.Fatalf("no row %s in\n%s", name, buf.String())
		}
		if got := row[len(row)-3:]; strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("row %s ends %v, want %v\n%s", name, got, want, buf.String())
		}
	}
}
