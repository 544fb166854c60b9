package main

import (
	"regexp"
	"testing"
)

// --stats says where a file's pair-check time went: how many pairs Z3
// solved, their average, and which cost most, with the size that made
// them costly (regions, statements), and how many solver calls and Z3
// resource units they took (counts the machine's load does not change).
// Before, it gave the phases' times only.
func TestStatsSlowestPairs(t *testing.T) {
	code, _, stderr := runWhoop(t, "--stats", "--no-progress", "testdata/signal/racy.c")
	if code != exitRaces {
		t.Fatalf("exit %d, want %d: %s", code, exitRaces, stderr)
	}
	for _, re := range []string{
		// Summary inference's Z3 units, and those of functions given up.
		`(?m)^whoop: testdata/signal/racy\.c: .* \d+ candidates \(\d+ kept, \d+ solver calls, \d+ resource units, \d+ of them in functions given up\); front end `,
		`(?m)^whoop: testdata/signal/racy\.c: pair checks: 1 solved, \S+ on average, 1 solver calls \([1-9]\d* resource units\); slowest: dev_write and dev_write \S+ \(1 regions, 4 statements, 1 solver calls, [1-9]\d* units\)$`,
	} {
		if !regexp.MustCompile(re).MatchString(stderr) {
			t.Errorf("stderr does not match %s:\n%s", re, stderr)
		}
	}
}
