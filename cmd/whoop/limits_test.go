package main

import (
	"context"
	"errors"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// A file with no entry point exits 4: nothing was checked.
func TestNoEntryPointIsInconclusive(t *testing.T) {
	code, stdout, _ := runWhoop(t, "testdata/limits/lib.c")
	if code != exitInconclusive {
		t.Errorf("exit %d, want %d", code, exitInconclusive)
	}
	if !strings.Contains(stdout, "testdata/limits/lib.c: warning: no entry points found: nothing was checked") {
		t.Errorf("stdout lacks the warning:\n%s", stdout)
	}
}

// --file-timeout ends one file as inconclusive (exit 4); the files before
// and after it are checked as usual. slow.c never finishes on its own
// (see signal_test.go): its deadline passes in the pair checks, so what
// was proved still reports, the unfinished pair is inconclusive, and the
// lock checks, with no time left, say so.
func TestFileTimeout(t *testing.T) {
	code, stdout, stderr := runWhoop(t, "--timeout", "0", "--file-timeout", "3s", "--no-progress",
		"testdata/signal/racy.c", "testdata/signal/slow.c", "testdata/limits/clean.c")
	if code != exitRaces {
		// racy.c's race outranks slow.c's inconclusive verdict.
		t.Errorf("exit %d, want %d", code, exitRaces)
	}
	for _, want := range []string{
		"testdata/signal/racy.c: 1 finding on 1 variable (1 racy pair of 2 concurrent)\n",
		"testdata/limits/clean.c: 0 findings on 0 variables (0 racy pairs of 2 concurrent)\n",
		"testdata/signal/slow.c: 0 findings on 0 variables (0 racy pairs of 2 concurrent, 1 inconclusive)\n",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout)
		}
	}
	if want := "testdata/signal/slow.c: warning: the deadline passed during the pair checks: 1 of 1 pairs checked with Z3 did not finish (inconclusive)\n" +
		"whoop: testdata/signal/slow.c: lock checks: inconclusive: not finished within --file-timeout 3s\n"; stderr != want {
		t.Errorf("stderr %q, want %q", stderr, want)
	}
	code, _, _ = runWhoop(t, "--timeout", "0", "--file-timeout", "3s", "testdata/signal/slow.c")
	if code != exitInconclusive {
		t.Errorf("slow.c alone: exit %d, want %d", code, exitInconclusive)
	}
}

// --max-memory makes the files that pass it inconclusive, exit 4. Run as
// a process: the cap changes process-wide settings (the Go collector's
// memory limit, Z3's memory_max_size). With --jobs 2 the files run in two
// worker processes with half the cap each, and say so.
func TestMaxMemory(t *testing.T) {
	for _, c := range []struct{ jobs, passed string }{
		{"1", "--max-memory 1M"},
		{"2", "512K, a sweep worker's share of --max-memory 1M"},
	} {
		cmd := exec.Command("whoop", "--jobs", c.jobs, "--max-memory", "1M", "testdata/signal/racy.c", "testdata/limits/clean.c")
		out, err := cmd.CombinedOutput()
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != exitInconclusive {
			t.Fatalf("--jobs %s: exit %v, want %d\n%s", c.jobs, err, exitInconclusive, out)
		}
		want := "whoop: testdata/signal/racy.c: inconclusive: memory use passed " + c.passed + "\n" +
			"whoop: testdata/limits/clean.c: inconclusive: memory use passed " + c.passed + "\n"
		if string(out) != want {
			t.Errorf("--jobs %s: output %q, want %q", c.jobs, out, want)
		}
	}
	// A cap the run stays under changes nothing.
	code, stdout, _ := runWhoop(t, "--max-memory", "3G", "testdata/limits/clean.c")
	if code != exitOK || stdout != "testdata/limits/clean.c: 0 findings on 0 variables (0 racy pairs of 2 concurrent)\n" {
		t.Errorf("under the cap: exit %d, stdout %q", code, stdout)
	}
}

func TestParseBytes(t *testing.T) {
	for in, want := range map[string]uint64{"0": 0, "4G": 4 << 30, "512M": 512 << 20, "1.5g": 3 << 29, "2GiB": 2 << 30, "64KB": 64 << 10, "1000B": 1000} {
		if got, err := parseBytes(in); err != nil || got != want {
			t.Errorf("parseBytes(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "G", "-1G", "4X", "lots", "10", "1.5"} {
		if _, err := parseBytes(in); err == nil {
			t.Errorf("parseBytes(%q) accepted", in)
		}
	}
	if s := formatBytes(3 << 29); s != "1.5G" {
		t.Errorf("formatBytes(1.5G) = %q", s)
	}
	code, _, stderr := runWhoop(t, "--max-memory", "lots", "x.c")
	if code != exitUsage || !strings.Contains(stderr, "--max-memory lots: want a size such as 4G") {
		t.Errorf("--max-memory lots: exit %d, stderr %q", code, stderr)
	}
	code, _, stderr = runWhoop(t, "--max-memory", "10", "x.c")
	if code != exitUsage || stderr != "whoop: --max-memory 10: a size needs a unit, as in 10G or 10M (0: no cap)\n" {
		t.Errorf("--max-memory 10: exit %d, stderr %q", code, stderr)
	}
}

// await gives up on work that ignores its context once the grace period
// after cancellation has passed, returns the context's cause and says it
// left the work running.
func TestAwaitAbandons(t *testing.T) {
	ctx, cancel := context.WithCancelCause(context.Background())
	cause := errors.New("stop")
	cancel(cause)
	block := make(chan struct{})
	defer close(block)
	start := time.Now()
	var abandoned bool
	_, err := await(ctx, stopGrace, &abandoned, func() (int, error) { <-block; return 1, nil })
	if err != cause || !abandoned {
		t.Errorf("await = %v (abandoned %v), want the cause, abandoned", err, abandoned)
	}
	if time.Since(start) < stopGrace {
		t.Errorf("await gave up before the grace period")
	}
	// Work that finishes is returned as it is, cancelled or not.
	abandoned = false
	if v, err := await(ctx, stopGrace, &abandoned, func() (int, error) { return 2, nil }); v != 2 || err != nil || abandoned {
		t.Errorf("await = %v, %v (abandoned %v)", v, err, abandoned)
	}
}
