package main

import (
	"path/filepath"
	"testing"
)

// TestPaperSuiteDrivers runs the race check on the rest of the paper's
// suite (../shared/paper-suite, Linux 4.0), read with the bundled models
// only: each analyses to completion (exit 0 or 1, no inconclusive pair) and
// the output is byte-identical for one and two jobs. Left out as too slow for
// go test (make bench measures them): r8169, which at 7,200 lines passes the
// default memory cap, and ps3vram (about a minute and a half per run).
func TestPaperSuiteDrivers(t *testing.T) {
	for _, rel := range []string{
		"block/gdrom", "block/sx8", "char/fs3270", "net/nfc/nfcsim",
		"usb/appledisplay", "usb/ssu100", "watchdog/intel_scu_watchdog",
	} {
		t.Run(filepath.Base(rel), func(t *testing.T) {
			path := filepath.Join("..", "..", "..", "shared", "paper-suite", rel, "driver.c")
			code1, out1, stderr1 := runWhoop(t, "--jobs", "1", "--no-progress", path)
			if code1 != exitRaces && code1 != exitOK {
				t.Fatalf("exit %d (stderr %q)", code1, stderr1)
			}
			code2, out2, _ := runWhoop(t, "--jobs", "2", "--no-progress", path)
			if code1 != code2 || out1 != out2 {
				t.Errorf("--jobs 1 and --jobs 2 differ (exit %d vs %d)", code1, code2)
			}
			m := summaryRE.FindStringSubmatch(out1)
			if m == nil {
				t.Fatalf("no summary line in %q", out1)
			}
			if m[5] != "" && m[5] != "0" {
				t.Errorf("%s inconclusive pairs", m[5])
			}
			t.Logf("%s", m[0])
		})
	}
}
