// Command recall runs whoop over a set of real Linux driver races that
// people reported and fixed, and prints whether whoop reports each one: a
// table (case, file, expected race, found, whoop's matching report or why
// not) and a final "found N/M" line.
//
//	go run ./cmd/recall -whoop bin/whoop -tree TREE -build BUILD [-cases recall/cases.json] [ID...]
//
// Each case (recall/cases.json; docs/recall.md says how to add one) names
// the file, the racy field and the two racing accesses by the text on their
// lines. A race still in the tree is checked in place, from the tree root;
// one the tree has the fix for is restored first by the case's revert
// recipe on a copy of the driver's directory under a temporary directory
// (the tree is never written), and whoop reads that copy against the tree
// with --kernel. whoop runs one file at a time, with --jobs 1.
//
// Found/total is a measurement: the exit status is 0 whatever it is. It is
// 1 when whoop crashed, hung or failed with an internal error on a case, or
// when a case's data no longer fits the tree (a revert that does not
// apply, a side's code on no line).
package main

import (
	"cmp"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"syscall"
	"text/tabwriter"
	"time"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("recall", flag.ContinueOnError)
	fs.SetOutput(stderr)
	whoop := fs.String("whoop", "bin/whoop", "the whoop `binary` to measure")
	tree := fs.String("tree", "", "the Linux source `tree`")
	build := fs.String("build", "", "its configured `build` (--kernel-build)")
	casesPath := fs.String("cases", "recall/cases.json", "the case `file`")
	timeout := fs.Duration("timeout", 10*time.Minute, "kill whoop on one case after `D` (a hang is a failure)")
	jsonDir := fs.String("json", "", "keep each case's whoop JSON report in `DIR` as ID.json")
	fixed := fs.Bool("fixed", false, "also check each reverted case on the tree as it is (the fixed code): a column says whether whoop still reports the race there")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *tree == "" || *build == "" {
		fmt.Fprintln(stderr, "usage: recall -whoop BIN -tree TREE -build BUILD [-cases FILE] [ID...]")
		return 2
	}
	cases, err := loadCases(*casesPath)
	if err == nil {
		cases, err = selectCases(cases, fs.Args())
	}
	if err != nil {
		fmt.Fprintln(stderr, "recall:", err)
		return 2
	}
	cfg := config{tree: *tree, build: *build, tmp: os.TempDir(), timeout: *timeout, jsonDir: *jsonDir, fixed: *fixed}
	if cfg.whoop, err = filepath.Abs(*whoop); err == nil {
		cfg.tree, err = filepath.Abs(cfg.tree)
	}
	if err != nil {
		fmt.Fprintln(stderr, "recall:", err)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var outs []outcome
	for i := range cases {
		if ctx.Err() != nil {
			break
		}
		start := time.Now()
		o := runCase(ctx, cfg, &cases[i])
		fmt.Fprintf(stderr, "recall: %s: %s (%.1f s)\n", o.c.ID, o.status, time.Since(start).Seconds())
		outs = append(outs, o)
	}
	printTable(stdout, outs, *whoop, *fixed)
	if ctx.Err() != nil || slices.ContainsFunc(outs, func(o outcome) bool { return o.failed }) {
		return 1
	}
	return 0
}

// selectCases keeps the cases named by ids (all when none is named).
func selectCases(cases []Case, ids []string) ([]Case, error) {
	if len(ids) == 0 {
		return cases, nil
	}
	var out []Case
	for _, id := range ids {
		i := slices.IndexFunc(cases, func(c Case) bool { return c.ID == id })
		if i < 0 {
			return nil, fmt.Errorf("no case %s", id)
		}
		out = append(out, cases[i])
	}
	return out, nil
}

func printTable(w io.Writer, outs []outcome, whoop string, fixed bool) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	head := "case\tfile\texpected\tfound"
	if fixed {
		head += "\tafter the fix"
	}
	fmt.Fprintln(tw, head+"\twhoop's report, or why not")
	n, part := 0, 0
	for _, o := range outs {
		how := "as is"
		if len(o.c.Revert) > 0 {
			how = "reverted"
		}
		row := fmt.Sprintf("%s\t%s (%s)\t%s\t%s", o.c.ID, o.c.File, how, o.expected, o.status)
		if fixed {
			row += "\t" + cmp.Or(o.fixed, "-")
		}
		fmt.Fprintf(tw, "%s\t%s\n", row, o.detail)
		switch o.status {
		case "yes":
			n++
		case "partial":
			part++
		}
	}
	tw.Flush()
	fmt.Fprintf(w, "found %d/%d (%d more partial: one side only) with %s\n", n, len(outs), part, whoop)
}
