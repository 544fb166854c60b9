package main

import (
	"encoding/json"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// sharedDriver returns the path of a driver under ../shared/drivers; the
// test fails (does not skip) when the shared drivers are missing.
func sharedDriver(t *testing.T, rel string) string {
	t.Helper()
	path := filepath.Join("..", "..", "..", "shared", "drivers", rel, "driver.c")
	if code, _, stderr := runWhoop(t, "ir", "--until", "parse", path); code != exitOK {
		t.Fatalf("%s not readable (the shared drivers must sit beside the repository): %s", path, stderr)
	}
	return path
}

// TestGenericNvram checks the verdicts whoop must give on generic_nvram: the
// race on file->f_pos in nvram_llseek (line 52 against line 54), nvram_init's
// write of nvram_len after misc_register (line 160) against the reads in
// read_nvram and write_nvram, and every pair that touches only what
// nvram_mutex protects race-free.
func TestGenericNvram(t *testing.T) {
	path := sharedDriver(t, "char/generic_nvram")
	code, stdout, stderr := runWhoop(t, "--jobs", "2", "--no-progress", path)
	if code != exitRaces {
		t.Fatalf("exit %d, want %d (stderr %q)", code, exitRaces, stderr)
	}
	// One finding per variable: f_pos, racing in nvram_llseek with itself
	// (a witness at line 41, 52 or 54), and nvram_len, written by
	// nvram_init at line 160 after misc_register and read by read_nvram
	// and write_nvram.
	if !regexp.MustCompile(`driver\.c:(41:13|52:2|54:9): warning: potential race on 'file->f_pos': .*\n(.*\n)*.*driver\.c:\d+:\d+: note: line \d+ \((read|write)\) races with (itself|line \d+ \((read|write)\)) in 1 pair: nvram_llseek × nvram_llseek\n`).MatchString(stdout) {
		t.Errorf("no f_pos finding in nvram_llseek:\n%s", stdout)
	}
	for _, want := range []string{
		"driver.c:65:15: warning: potential race on 'nvram_len': ",
		"driver.c:65:15: note: line 65 (read) races with line 160 (write) in 1 pair: read_nvram × nvram_init\n",
		"driver.c:83:15: note: line 83 (read) races with line 160 (write) in 1 pair: write_nvram × nvram_init\n",
		"driver.c:160:2: note: write in nvram_init, holding no lock [setup]\n",
		"driver.c: 2 findings on 2 variables (4 racy pairs of 14 concurrent)\n",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	// The pairs of nvram_unlocked_ioctl touch only what nvram_mutex
	// protects: none of them may be racy.
	code, stdout, _ = runWhoop(t, "--format", "json", "--no-progress", path)
	if code != exitRaces {
		t.Fatalf("json: exit %d", code)
	}
	var res struct {
		Files []struct {
			Pairs []struct {
				First, Second, Verdict string
			} `json:"pairs"`
		} `json:"files"`
	}
	if err := json.Unmarshal([]byte(stdout), &res); err != nil || len(res.Files) != 1 {
		t.Fatalf("json: %v", err)
	}
	ioctl := 0
	for _, p := range res.Files[0].Pairs {
		if p.First == "nvram_unlocked_ioctl" || p.Second == "nvram_unlocked_ioctl" {
			ioctl++
			if p.Verdict != "race-free" {
				t.Errorf("pair %s %s: %s, want race-free", p.First, p.Second, p.Verdict)
			}
		}
	}
	if ioctl == 0 {
		t.Error("no pair involves nvram_unlocked_ioctl")
	}
}

var summaryRE = regexp.MustCompile(`(\d+) findings? on (\d+) variables? \((\d+) racy pairs? of (\d+) concurrent(, (\d+) inconclusive)?\)`)

// TestSharedDrivers runs the race check on every shared driver: each
// completes at the default timeout with no inconclusive pair, and the output
// is byte-identical for one and two jobs.
func TestSharedDrivers(t *testing.T) {
	for _, rel := range []string{
		"block/swim", "char/ds1286", "char/dtlk", "char/efirtc", "char/generic_nvram", "char/mbcs",
		"char/pc8736x_gpio", "char/sonypi", "net/ethernet/8139too", "watchdog/machzwd",
	} {
		t.Run(filepath.Base(rel), func(t *testing.T) {
			checkComplete(t, sharedDriver(t, rel))
		})
	}
}

// checkComplete runs whoop on path with --jobs 1 and 2: it must finish
// (exit 0 or 1) with no inconclusive pair and the same output both times.
func checkComplete(t *testing.T, path string) {
	t.Helper()
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
	if m[6] != "" && m[6] != "0" {
		t.Errorf("%s inconclusive pairs", m[6])
	}
	t.Logf("%s", m[0])
}

// TestFormatsDeterministic checks that every output format gives the same
// bytes whatever --jobs.
func TestFormatsDeterministic(t *testing.T) {
	path := sharedDriver(t, "watchdog/machzwd")
	for _, f := range []string{"text", "xml", "json", "sarif"} {
		_, a, _ := runWhoop(t, "--format", f, "--jobs", "1", path)
		_, b, _ := runWhoop(t, "--format", f, "--jobs", "3", path)
		if a != b || a == "" {
			t.Errorf("--format %s differs between --jobs 1 and 3 (or is empty)", f)
		}
	}
}
