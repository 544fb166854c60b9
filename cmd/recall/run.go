package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// outcome is one case's row.
type outcome struct {
	c        *Case
	expected string // the sides' lines
	status   string // yes, partial, no, error, CRASH
	detail   string // the matching report, or why not
	failed   bool   // whoop crashed or hung, or the case data is broken
	// fixed is the status on the tree as it is, with the fix (-fixed, for
	// reverted cases): a race whoop still reports there is not told apart
	// from the fixed code.
	fixed string
}

// config is what every run shares.
type config struct {
	whoop, tree, build, tmp string
	timeout                 time.Duration
	jsonDir                 string // when set, each case's whoop report is kept there as ID.json
	fixed                   bool   // also check reverted cases on the tree as it is
}

// runCase prepares the case's tree (reverting the fix on a copy if need
// be), runs whoop on its file and matches the report; with cfg.fixed, it
// does the same on the tree as it is for a reverted case.
func runCase(ctx context.Context, cfg config, c *Case) outcome {
	o := outcome{c: c}
	root, done, err := workTree(c, cfg.tree, cfg.tmp)
	if err != nil {
		o.status, o.detail, o.failed = "error", err.Error(), true
		return o
	}
	defer done()
	o.status, o.expected, o.detail, o.failed = check(ctx, cfg, c, root, false)
	if cfg.fixed && len(c.Revert) > 0 && !o.failed {
		status, _, detail, failed := check(ctx, cfg, c, cfg.tree, true)
		switch {
		case failed:
			o.fixed, o.failed = status+": "+detail, true
		case status == "error":
			o.fixed = "n/a"
		default:
			o.fixed = status
		}
	}
	return o
}

// check runs whoop on c's file in root and matches the report to c. On
// the fixed tree of a reverted case (fixedTree), sides whose code only the
// revert restores do not resolve: that is no failure of the case data.
func check(ctx context.Context, cfg config, c *Case, root string, fixedTree bool) (status, expected, detail string, failed bool) {
	name := c.ID
	if fixedTree {
		name += ".fixed"
	}
	sides, err := resolveSides(c, root)
	if err != nil {
		return "error", "", err.Error(), !fixedTree
	}
	expected = c.Field + " @ " + sidesText(sides)
	stdout, stderr, code, err := runWhoop(ctx, cfg, c, root)
	if cfg.jsonDir != "" {
		if werr := os.WriteFile(filepath.Join(cfg.jsonDir, name+".json"), stdout, 0o644); werr != nil {
			fmt.Fprintln(os.Stderr, "recall:", werr)
		}
	}
	if failure := classify(code, stderr, err); failure != "" {
		return "CRASH", expected, failure, true
	}
	rep, perr := parseReport(stdout)
	if perr != nil {
		return "no", expected, inputCause(code, stderr, perr), false
	}
	m := match(rep, c.Field, sides, root)
	detail = describe(m, rep, c)
	if code == 3 || code == 4 {
		detail = inputCause(code, stderr, nil) + "; " + detail
	}
	return [...]string{"no", "partial", "yes"}[m.verdict], expected, detail, false
}

func sidesText(sides []sideLines) string {
	parts := make([]string, len(sides))
	for i, s := range sides {
		parts[i] = s.String()
	}
	return strings.Join(parts, " ~ ")
}

// runWhoop runs whoop from root on the case's file, the tree given
// explicitly so that a reverted copy outside it reads the tree's headers.
func runWhoop(ctx context.Context, cfg config, c *Case, root string) (stdout, stderr []byte, code int, err error) {
	ctx, cancel := context.WithTimeout(ctx, cfg.timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, cfg.whoop, whoopArgs(cfg, c)...)
	cmd.Dir = root
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err = cmd.Run()
	if ctx.Err() != nil {
		return out.Bytes(), errb.Bytes(), -1, fmt.Errorf("killed after %v", cfg.timeout)
	}
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		return out.Bytes(), errb.Bytes(), -1, err // could not start
	}
	return out.Bytes(), errb.Bytes(), cmd.ProcessState.ExitCode(), nil
}

// whoopArgs is whoop's command line for c: JSON out, one job, the tree
// and build given, the case's own flags, and its file (with its parts as
// one module). No --file-timeout: whoop's wall-clock limit would make a
// slow case (ptp.ko, about 3 minutes of CPU) found or not by the
// machine's load; the -timeout kill above still bounds a hang.
func whoopArgs(cfg config, c *Case) []string {
	args := []string{"--kernel", cfg.tree, "--kernel-build", cfg.build,
		"--jobs", "1", "--no-progress", "--format", "json", "--file-timeout", "0"}
	// A reverted copy holds only the case's directories: their own
	// headers are found next to the file, as kbuild's -I$(src) does, and
	// the tree's directories come next for what the copy lacks ("../x.h").
	for _, d := range c.dirs() {
		args = append(args, "-I", filepath.Join(cfg.tree, d))
	}
	args = append(args, c.Args...)
	if len(c.Parts) > 0 {
		args = append(args, "--module")
	}
	return append(append(args, "--", c.File), c.Parts...)
}

// classify returns why a whoop run is a failure of whoop, or "": it
// crashed or hung (killed, a signal, an exit status whoop does not use),
// was called wrongly (2), or reported an internal error (a panic is exit 4
// naming the internal error). Races (1), none (0), an input error (3) and
// an inconclusive file (4) are results.
func classify(code int, stderr []byte, err error) string {
	switch {
	case err != nil:
		return err.Error()
	case code < 0:
		return "killed by a signal"
	case code == 2 || code > 4:
		return fmt.Sprintf("exit %d: %s", code, firstLine(string(stderr)))
	case code == 4 && bytes.Contains(stderr, []byte("internal error")):
		return "internal error: " + grepLine(string(stderr), "internal error")
	}
	return ""
}

// inputCause is why whoop did not read, or not fully check, the file: the
// first error line of its stderr (as kerneltest reads it), else the line
// that says the file was inconclusive or not checked.
func inputCause(code int, stderr []byte, perr error) string {
	msg := ""
	for _, line := range strings.Split(string(stderr), "\n") {
		if strings.HasPrefix(line, "whoop: ") && !strings.Contains(line, "warning:") {
			msg = strings.TrimSpace(line)
			break
		}
	}
	if msg == "" {
		msg = grepLine(string(stderr), "inconclusive")
	}
	if msg == "" && perr != nil {
		msg = perr.Error()
	}
	return fmt.Sprintf("exit %d: %s", code, msg)
}

// grepLine is the first line of text that contains word, trimmed.
func grepLine(text, word string) string {
	for _, line := range strings.Split(text, "\n") {
		if strings.Contains(line, word) {
			return strings.TrimSpace(line)
		}
	}
	return ""
}
