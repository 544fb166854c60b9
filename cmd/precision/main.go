// Command precision measures how many of whoop's reports are real races: it
// draws a seeded, stratified random sample of the reports of a sweep for a
// person to judge, and summarises the judged sample.
//
//	go run ./cmd/precision sample -seed 47 -n 60 -min-files 15 -min-dirs 4 DIR > triage.tsv
//	go run ./cmd/precision summarize triage.tsv
//	go run ./cmd/precision files BEFORE [AFTER]
//
// DIR holds a sweep's JSON reports (make kernel-test KERNEL_OUT=DIR, or
// whoop --json-out), read recursively. A report is one potential race as
// whoop's text output prints it: one pair of entry points, one region, two
// accesses. sample writes a TSV skeleton, one row per drawn report with its
// class and why left empty; summarize reads the judged TSV and prints the
// count and share of each class, and of each cause when the TSV has a
// cause column. files prints each file's races and racy regions, of one
// sweep or of two side by side.
package main

import (
	"fmt"
	"io"
	"os"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "precision:", err)
		os.Exit(1)
	}
}

const usage = `usage:
  precision sample [-seed N] [-n N] [-min-files N] [-min-dirs N] DIR
  precision summarize FILE.tsv
  precision files DIR [DIR2]`

func run(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return fmt.Errorf("no command\n%s", usage)
	}
	switch args[0] {
	case "sample":
		return sampleCmd(args[1:], stdout, stderr)
	case "summarize", "summarise":
		return summarizeCmd(args[1:], stdout)
	case "files":
		return filesCmd(args[1:], stdout)
	}
	return fmt.Errorf("unknown command %q\n%s", args[0], usage)
}
