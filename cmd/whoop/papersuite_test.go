package main

import (
	"path/filepath"
	"testing"
)

// TestPaperSuiteDrivers runs the race check on the rest of the paper's
// suite (../shared/paper-suite, Linux 4.0), read with the bundled models
// only: each analyses to completion (exit 0 or 1, no inconclusive pair) and
// the output is byte-identical for one and two jobs. Left out as too slow for
// go test (make bench measures it): r8169, about five minutes per run at
// 7,200 lines.
func TestPaperSuiteDrivers(t *testing.T) {
	for _, rel := range []string{
		"block/gdrom", "block/ps3vram", "block/sx8", "char/fs3270", "net/nfc/nfcsim",
		"usb/appledisplay", "usb/ssu100", "watchdog/intel_scu_watchdog",
	} {
		t.Run(filepath.Base(rel), func(t *testing.T) {
			checkComplete(t, filepath.Join("..", "..", "..", "shared", "paper-suite", rel, "driver.c"))
		})
	}
}
