package main

import (
	"strings"
	"testing"
)

// TestEfirtcLentLocals: efirtc's stack locals (eft, alm, cap, enabled)
// passed to the EFI runtime services are private to their call under
// no-retained-locals, so no race names them; dropping the assumption
// brings the local-versus-local reports back, but for the accesses made
// before the local's first call (unpublished-locals).
func TestEfirtcLentLocals(t *testing.T) {
	path := sharedDriver(t, "char/efirtc")
	locals := []string{"'eft", "'alm", "'memset(&eft)", "'memset(&alm)", "'memset(&cap)", "'enabled'"}
	_, out, _ := runWhoop(t, "--no-progress", path)
	for _, l := range strings.Split(out, "\n") {
		if !strings.Contains(l, "warning: potential") {
			continue
		}
		for _, name := range locals {
			if strings.Contains(l, "race on "+name) {
				t.Errorf("race on a lent local: %s", l)
			}
		}
	}
	// The read_proc's page is its own per call (frontend/regions/handback.go).
	if !strings.Contains(out, "0 findings on 0 variables (0 racy pairs of 15 concurrent)") {
		t.Errorf("summary: want 0 findings on 0 variables (0 racy pairs of 15 concurrent); output:\n%s", out)
	}
	// Without it, eft is shared after its first call; the memset before
	// that call stays private (unpublished-locals) until that goes too.
	// (-v: every race, as the lines of each finding name only its anchor.)
	_, out, _ = runWhoop(t, "-v", "--no-progress", "--no-assume", "no-retained-locals", path)
	if !strings.Contains(out, "race on 'eft.timezone'") || strings.Contains(out, "race on 'memset(&eft)'") ||
		!strings.Contains(out, "9 findings on 9 variables (2 racy pairs of 15 concurrent)") {
		t.Errorf("--no-assume no-retained-locals: want the races on eft back, not on its memset; output:\n%s", out)
	}
	_, out, _ = runWhoop(t, "-v", "--no-progress", "--no-assume", "no-retained-locals,unpublished-locals", path)
	if !strings.Contains(out, "race on 'memset(&eft)'") || !strings.Contains(out, "16 findings on 16 variables (3 racy pairs of 15 concurrent)") {
		t.Errorf("--no-assume no-retained-locals,unpublished-locals: want the races on memset(&eft) back; output:\n%s", out)
	}
	const why = "driver.c:108:2: note: region 'efi_time_t.year': type rule: every efi_time_t the kernel can hand to the driver is one object; " +
		"escaped local: local eft in efi_rtc_ioctl, local eft in efi_rtc_get_status and local alm in efi_rtc_get_status (reachable by the kernel); " +
		"merged region: these locals are one object (pointers to them mix)\n"
	if !strings.Contains(out, why) {
		t.Errorf("--no-assume no-retained-locals: no note %q in output:\n%s", why, out)
	}
}
