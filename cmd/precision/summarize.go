package main

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
)

// classes are the verdicts a judge gives a report: a real race, harmful or
// benign; a false alarm because the two entry points cannot run at once,
// because synchronisation orders the two accesses, or because they touch
// different objects; or unclear.
var classes = []string{"real-harmful", "real-benign", "false-concurrency", "false-sync", "false-alias", "unclear"}

// judged is one row of a judged TSV.
type judged struct {
	file, class, cause string
}

func summarizeCmd(args []string, stdout io.Writer) error {
	if len(args) != 1 {
		return fmt.Errorf("summarize: want one judged TSV file\n%s", usage)
	}
	data, err := os.ReadFile(args[0])
	if err != nil {
		return fmt.Errorf("summarize: %w", err)
	}
	rows, err := parseJudged(string(data))
	if err != nil {
		return fmt.Errorf("summarize: %s: %w", args[0], err)
	}
	return summarize(stdout, rows)
}

// parseJudged reads the TSV: a header naming its columns (class required;
// file and cause read when present), then one row per report. An empty
// class is "unjudged"; any other class outside classes is an error.
func parseJudged(data string) ([]judged, error) {
	lines := strings.Split(strings.TrimRight(data, "\n"), "\n")
	head := strings.Split(lines[0], "\t")
	col := func(name string) int { return slices.Index(head, name) }
	classCol, fileCol, causeCol := col("class"), col("file"), col("cause")
	if classCol < 0 {
		return nil, fmt.Errorf("line 1: no class column in the header")
	}
	cell := func(f []string, i int) string {
		if i < 0 || i >= len(f) {
			return ""
		}
		return strings.TrimSpace(f[i])
	}
	var out []judged
	for i, line := range lines[1:] {
		if strings.TrimSpace(line) == "" {
			continue
		}
		f := strings.Split(line, "\t")
		j := judged{file: cell(f, fileCol), class: cell(f, classCol), cause: cell(f, causeCol)}
		switch {
		case j.class == "":
			j.class = "unjudged"
		case !slices.Contains(classes, j.class):
			return nil, fmt.Errorf("line %d: class %q is none of %s", i+2, j.class, strings.Join(classes, ", "))
		}
		out = append(out, j)
	}
	return out, nil
}

// summarize prints the count and share of each class, real and false in
// all, and of each cause among the rows that name one, as Markdown tables
// (they go into the sample's README as they are).
func summarize(w io.Writer, rows []judged) error {
	byClass, byCause, files, dirs := map[string]int{}, map[string]int{}, map[string]bool{}, map[string]bool{}
	for _, r := range rows {
		byClass[r.class]++
		if r.cause != "" {
			byCause[r.cause]++
		}
		if r.file != "" {
			files[r.file] = true
			dirs[dirOf(r.file)] = true
		}
	}
	n := len(rows)
	var b strings.Builder
	fmt.Fprintf(&b, "%d reports from %d files in %d directories\n\n", n, len(files), len(dirs))
	row := func(name string, c int) { fmt.Fprintf(&b, "| %s | %d | %.1f |\n", name, c, pct(c, n)) }
	b.WriteString("| class | count | % |\n|---|---:|---:|\n")
	for _, c := range append(slices.Clone(classes), "unjudged") {
		if c != "unjudged" || byClass[c] > 0 {
			row(c, byClass[c])
		}
	}
	row("real (harmful + benign)", byClass["real-harmful"]+byClass["real-benign"])
	row("false (concurrency + sync + alias)", byClass["false-concurrency"]+byClass["false-sync"]+byClass["false-alias"])
	row("total", n)
	if len(byCause) > 0 {
		b.WriteString("\n| cause | count | % |\n|---|---:|---:|\n")
		causes := make([]string, 0, len(byCause))
		for c := range byCause {
			causes = append(causes, c)
		}
		slices.Sort(causes)
		for _, c := range causes {
			row(c, byCause[c])
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func dirOf(file string) string {
	if i := strings.LastIndexByte(file, '/'); i >= 0 {
		return file[:i]
	}
	return "."
}

func pct(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return 100 * float64(a) / float64(b)
}
