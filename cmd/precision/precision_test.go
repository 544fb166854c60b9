package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// sweep is a made-up sweep: 5 directories of 4 files each, file j of a
// directory holding 1 + 10*j reports (a few big files, as in a real tree).
func sweep() []report {
	var rs []report
	for d := range 5 {
		for f := range 4 {
			file := fmt.Sprintf("drivers/d%d/f%d.c", d, f)
			for i := range 1 + 10*f {
				rs = append(rs, report{file: file, index: i, line: fmt.Sprintf("%s:%d: race", file, i)})
			}
		}
	}
	return rs
}

func TestDrawDeterministicAndStratified(t *testing.T) {
	for _, weight := range []string{"dir", "report"} {
		o := sampleOpts{seed: 47, n: 60, minFiles: 15, minDirs: 4, weight: weight}
		a, err := draw(sweep(), o)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := draw(sweep(), o)
		if !slices.Equal(a, b) {
			t.Errorf("-weight %s: two draws with seed 47 differ", weight)
		}
		o.seed = 48
		if c, _ := draw(sweep(), o); slices.Equal(a, c) {
			t.Errorf("-weight %s: seeds 47 and 48 drew the same sample", weight)
		}
		checkSample(t, weight, a)
	}
}

// checkSample checks a sample of sweep() with -n 60 -min-files 15: 60
// distinct reports, 15 drawn for their file, from at least 15 files in at
// least 4 directories; with -weight dir, 12 from each of the 5 directories.
func checkSample(t *testing.T, weight string, a []drawn) {
	t.Helper()
	if len(a) != 60 {
		t.Errorf("-weight %s: drew %d reports, want 60", weight, len(a))
	}
	if n := count(a, report.fileName); n < 15 {
		t.Errorf("-weight %s: sample covers %d files, want at least 15", weight, n)
	}
	seen := map[string]bool{}
	perDir := map[string]int{}
	files := 0
	for _, d := range a {
		if seen[d.line] {
			t.Errorf("-weight %s: report %s drawn twice", weight, d.line)
		}
		seen[d.line] = true
		perDir[d.dir()]++
		if d.how == "file" {
			files++
		}
	}
	if files != 15 {
		t.Errorf("-weight %s: %d reports drawn for their file, want 15", weight, files)
	}
	if len(perDir) < 4 {
		t.Errorf("-weight %s: sample covers %d directories, want at least 4", weight, len(perDir))
	}
	if weight == "dir" {
		for d, n := range perDir {
			if n != 12 {
				t.Errorf("-weight dir: %d reports from %s, want 12 from each directory: %v", n, d, perDir)
			}
		}
	}
}

func TestDrawTooNarrow(t *testing.T) {
	rs := sweep()[:60] // d0 and part of d1
	if _, err := draw(rs, sampleOpts{seed: 1, n: 20, minFiles: 2, minDirs: 4, weight: "dir"}); err == nil ||
		!strings.Contains(err.Error(), "-min-dirs 4") {
		t.Errorf("draw over 2 directories with -min-dirs 4: err %v", err)
	}
	if _, err := draw(sweep(), sampleOpts{seed: 1, n: 10, minFiles: 15, minDirs: 4, weight: "dir"}); err == nil {
		t.Error("draw accepted -n 10 with -min-files 15")
	}
	if _, err := draw(sweep(), sampleOpts{seed: 1, n: 60, minFiles: 15, minDirs: 4, weight: "file"}); err == nil {
		t.Error("draw accepted -weight file")
	}
}

// One race as whoop's JSON has it, and the line the skeleton shows.
const oneRace = `{"files": [{"path": "drivers/char/x.c", "pairs": [{"first": "a_read", "second": "b_ioctl", "races": [
 {"region": "struct x_dev.count", "accesses": [
  {"entryPoint": "a_read", "function": "helper", "kind": "write", "mode": "plain", "lvalue": "d->count",
   "file": "drivers/char/x.c", "line": 12, "column": 3, "source": "d->count++;\t/* stats */", "locks": []},
  {"entryPoint": "b_ioctl", "function": "b_ioctl", "kind": "read", "mode": "atomic", "lvalue": "d->count",
   "file": "drivers/char/x.c", "line": 40, "column": 9, "source": "return d->count;", "locks": ["x_lock", "struct mutex"]}]},
 {"region": "r", "suppressed": "baseline", "accesses": []}]}]}]}`

func TestSkeleton(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "drivers/char"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "drivers/char/x.c.json"), []byte(oneRace), 0o644); err != nil {
		t.Fatal(err)
	}
	rs, err := readReports(dir)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := writeSkeleton(&buf, []drawn{{rs[0], "file"}}); err != nil {
		t.Fatal(err)
	}
	want := "n\tfile\tdraw\treport\tregion\tclass\tcause\twhy\n" +
		"1\tdrivers/char/x.c\tfile\tdrivers/char/x.c:40:9: potential write-read race on 'd->count' between a_read and b_ioctl" +
		" | drivers/char/x.c:12:3: write by a_read, in helper, holding no lock: d->count++; /* stats */" +
		" | drivers/char/x.c:40:9: read by b_ioctl, holding x_lock, struct mutex (atomic): return d->count;" +
		"\tstruct x_dev.count\t\t\t\n"
	if len(rs) != 1 || buf.String() != want {
		t.Errorf("%d reports; skeleton\n%q\nwant\n%q", len(rs), buf.String(), want)
	}
}

const judgedTSV = "n\tfile\treport\tclass\tcause\twhy\n" +
	"1\tdrivers/a/x.c\tr\treal-benign\t\tstats\n" +
	"2\tdrivers/a/x.c\tr\tfalse-sync\t3\tregistered after\n" +
	"3\tdrivers/b/y.c\tr\tfalse-sync\t3\tregistered after\n" +
	"4\tdrivers/b/z.c\tr\tfalse-concurrency\t4\tfrozen\n" +
	"5\tdrivers/b/z.c\tr\t\t\t\n"

func TestSummarize(t *testing.T) {
	rows, err := parseJudged(judgedTSV)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := summarize(&buf, rows); err != nil {
		t.Fatal(err)
	}
	want := `5 reports from 3 files in 2 directories

| class | count | % |
|---|---:|---:|
| real-harmful | 0 | 0.0 |
| real-benign | 1 | 20.0 |
| false-concurrency | 1 | 20.0 |
| false-sync | 2 | 40.0 |
| false-alias | 0 | 0.0 |
| unclear | 0 | 0.0 |
| unjudged | 1 | 20.0 |
| real (harmful + benign) | 1 | 20.0 |
| false (concurrency + sync + alias) | 3 | 60.0 |
| total | 5 | 100.0 |

| cause | count | % |
|---|---:|---:|
| 3 | 2 | 40.0 |
| 4 | 1 | 20.0 |
`
	if buf.String() != want {
		t.Errorf("summary\n%s\nwant\n%s", buf.String(), want)
	}
	if _, err := parseJudged("n\tclass\n1\treal\n"); err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("class 'real' accepted or misplaced: %v", err)
	}
	if _, err := parseJudged("n\tverdict\n"); err == nil {
		t.Error("a TSV without a class column was accepted")
	}
}

// Two sweeps side by side: a file only one of them has shows "-" in the
// other, and the totals add what each has; one region's two races count
// one racy region.
func TestFileTable(t *testing.T) {
	dir := t.TempDir()
	write := func(name, doc string) {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(doc), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("before/drivers/a/x.c.json", `{"files": [{"path": "drivers/a/x.c", "summary": {"races": 3},
		"pairs": [{"races": [{"region": "r"}, {"region": "r"}, {"region": "s"}]}]}]}`)
	write("before/drivers/a/y.c.json", `{"files": [{"path": "drivers/a/y.c", "summary": {"races": 0}, "pairs": []}]}`)
	write("after/drivers/a/x.c.json", `{"files": [{"path": "drivers/a/x.c", "summary": {"races": 2},
		"pairs": [{"races": [{"region": "r"}, {"region": "s", "suppressed": "baseline"}]}]}]}`)
	var buf bytes.Buffer
	if err := run([]string{"files", filepath.Join(dir, "before"), filepath.Join(dir, "after")}, &buf, &buf); err != nil {
		t.Fatal(err)
	}
	want := `| file | races before | racy regions before | races after | racy regions after |
|---|---:|---:|---:|---:|
| drivers/a/x.c | 3 | 2 | 2 | 1 |
| drivers/a/y.c | 0 | 0 | - | - |
| total (2 files) | 3 | 2 | 2 | 1 |
`
	if buf.String() != want {
		t.Errorf("files table\n%s\nwant\n%s", buf.String(), want)
	}
}
