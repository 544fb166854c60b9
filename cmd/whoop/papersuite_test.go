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
			checkComplete(t, filepath.Join("..", "..", "..", "shared", "paper-suite", rel, "driver.c"))
		})
	}
}
