package main

import (
	"strings"
	"testing"
)

// TestMachzwdSingleOpen: machzwd's zf_open takes bit 0 of zf_is_open with
// test_and_set_bit and zf_close gives it back with clear_bit, so
// zf_close's read of zf_expect_close before clear_bit (line 341) runs
// after every write of the one open file (single-open), and zf_open's
// code past test_and_set_bit after the previous file's release; the
// write-write on line 302 (two writes of the open file) and zf_close's
// write after clear_bit (line 348) stay. --no-assume single-open brings
// the race at line 341 back.
func TestMachzwdSingleOpen(t *testing.T) {
	path := sharedDriver(t, "watchdog/machzwd")
	const before = "driver.c:341:6: note: read in zf_close"
	_, out, _ := runWhoop(t, "-v", "--no-progress", path)
	if strings.Contains(out, before) || !strings.Contains(out, "driver.c:348:2: note: write in zf_close") ||
		!strings.Contains(out, "line 302 writes it in two threads at once") ||
		!strings.Contains(out, "2 findings on 2 variables (6 racy pairs of 28 concurrent)") {
		t.Errorf("single-open: want no race at line 341, the ones at lines 302 and 348, 6 racy pairs; output:\n%s", out)
	}
	_, out, _ = runWhoop(t, "-v", "--no-progress", "--no-assume", "single-open", path)
	if !strings.Contains(out, before) || !strings.Contains(out, "2 findings on 2 variables (8 racy pairs of 28 concurrent)") {
		t.Errorf("--no-assume single-open: want the race at line 341 back, 8 racy pairs; output:\n%s", out)
	}
}
