package main

import (
	"fmt"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/whoopverify/whoop/lockset"
	"github.com/whoopverify/whoop/report"
)

// checksFlag selects the checks: races, locking, or both (the default).
func checksFlag() cli.Flag {
	return &cli.StringFlag{Name: "checks", Value: "races,locking",
		Usage: "run the `CHECKS`, comma-separated: races (pairwise race check), locking (double-lock, unlock-unheld, lock-held-at-return)"}
}

// selectedChecks parses --checks.
func selectedChecks(c *cli.Context) (races, locking bool, err error) {
	for _, name := range strings.Split(c.String("checks"), ",") {
		switch strings.TrimSpace(name) {
		case "races":
			races = true
		case "locking":
			locking = true
		case "":
		default:
			return false, false, usageErrorf("--checks: unknown check %q (want races, locking)", name)
		}
	}
	if !races && !locking {
		return false, false, usageErrorf("--checks: no check selected")
	}
	return races, locking, nil
}

// lockSummary is the per-file summary line of the lock checks.
func lockSummary(path string, n int) string {
	s := fmt.Sprintf("%s: %d lock error", path, n)
	if n != 1 {
		s += "s"
	}
	return s
}

// lockDocument: the format's document carries the lock findings.
func lockDocument(f report.Format) bool { return f != report.Text }

// lockMap hands the lock results to the JSON and SARIF writers.
func lockMap(f report.Format, ran bool, locks []*lockset.LockResult) map[string]*lockset.LockResult {
	if !ran || !lockDocument(f) {
		return nil
	}
	m := make(map[string]*lockset.LockResult, len(locks))
	for _, l := range locks {
		m[l.Path] = l
	}
	return m
}

// writeLocks writes the lock findings as gcc-style text: on stdout after
// the race report in text format; in XML, JSON and SARIF the document
// carries them when one was written (wrote), otherwise stderr gets them.
func writeLocks(c *cli.Context, format report.Format, locks []*lockset.LockResult, wrote bool) error {
	w := c.App.Writer
	if format != report.Text {
		if wrote && lockDocument(format) {
			return nil
		}
		w = c.App.ErrWriter
	}
	if err := report.WriteLockErrors(w, locks); err != nil {
		return err
	}
	for _, l := range locks {
		unsure := l.Inconclusive
		if len(l.Errors) == 0 && unsure == 0 {
			continue // the race summary stands alone when there is nothing to add
		}
		line := lockSummary(l.Path, l.NewErrors())
		if n := len(l.Errors) - l.NewErrors(); n > 0 {
			line += fmt.Sprintf(" (%d suppressed)", n)
		}
		if unsure > 0 {
			// Not errors, but a clean summary would overstate the checks.
			line += fmt.Sprintf(", %d lock check", unsure)
			if unsure != 1 {
				line += "s"
			}
			line += " inconclusive (whoop -v lists them)"
		}
		if _, err := fmt.Fprintln(w, line); err != nil {
			return err
		}
	}
	return nil
}
