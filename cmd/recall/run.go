package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
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
}

// config is what every run shares.
type config struct {
	whoop, tree, build, tmp string
	timeout                 time.Duration
}

// runCase prepares the case's tree (reverting the fix on a copy if need
// be), runs whoop on its file and matches the report.
func runCase(ctx context.Context, cfg config, c *Case) outcome {
	o := outcome{c: c}
	root, done, err := workTree(c, cfg.tree, cfg.tmp)
	if err != nil {
		o.status, o.detail, o.failed = "error", err.Error(), true
		return o
	}
	defer done()
	sides, err := resolveSides(c, root)
	if err != nil {
		o.status, o.detail, o.failed = "error", err.Error(), true
		return o
	}
	o.expected = c.Field + " @ " + sidesText(sides)
	stdout, stderr, code, err := runWhoop(ctx, cfg, c, root)
	if failure := classify(code, stderr, err); failure != "" {
		o.status, o.detail, o.failed = "CRASH", failure, true
		return o
	}
	rep, perr := parseReport(stdout)
	if perr != nil {
		o.status, o.detail = "no", inputCause(code, stderr, perr)
		return o
	}
	m := match(rep, c.Field, sides, root)
	o.status = [...]string{"no", "partial", "yes"}[m.verdict]
	o.detail = describe(m, rep, c)
	if code == 3 || code == 4 {
		o.detail = inputCause(code, stderr, nil) + "; " + o.detail
	}
	return o
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
	args := []string{"--kernel", cfg.tree, "--kernel-build", cfg.build,
		"--jobs", "1", "--no-progress", "--format", "json"}
	args = append(append(args, c.Args...), "--", c.File)
	cmd := exec.CommandContext(ctx, cfg.whoop, args...)
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
