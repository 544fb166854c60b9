package main

import (
	"bufio"
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
)

// SIGINT and SIGTERM after the solver has run stop the run: what finished
// is printed and the exit status is 128+signal. testdata/signal/slow.c
// never finishes without limits: its race check asks Z3 whether
// x³ + y³ = z³ has a positive solution, which it cannot decide. later.c
// (a copy of racy.c) is never reached; it must still appear in the
// report, with the reason. With --jobs 2 the files run in two worker
// processes, which the signal reaches through their parent: racy.c
// finishes, slow.c and later.c (then a copy of slow.c) are both stopped
// while they are checked.
func TestSignalStopsRun(t *testing.T) {
	for _, jobs := range []string{"1", "2"} {
		t.Run("jobs"+jobs, func(t *testing.T) { testSignalStopsRun(t, jobs) })
	}
}

func testSignalStopsRun(t *testing.T, jobs string) {
	dir := t.TempDir()
	later, laterWhen := "racy.c", "before" // never started
	if jobs != "1" {
		later, laterWhen = "slow.c", "while"
	}
	for dst, src := range map[string]string{"racy.c": "racy.c", "slow.c": "slow.c", "later.c": later} {
		data, err := os.ReadFile(filepath.Join("testdata/signal", src))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, dst), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		sig  syscall.Signal
		name string
		code int
	}{{syscall.SIGINT, "SIGINT", 130}, {syscall.SIGTERM, "SIGTERM", 143}} {
		t.Run(c.name, func(t *testing.T) {
			cmd := exec.Command("whoop", "--stats", "--jobs", jobs, "--timeout", "0", "--file-timeout", "0",
				"--format", "json", "racy.c", "slow.c", "later.c")
			cmd.Dir = dir
			var stdout, stderr bytes.Buffer
			cmd.Stdout = &stdout
			pipe, err := cmd.StderrPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			// racy.c's statistics line comes after its pair checks: Z3 has
			// run, and slow.c is next.
			sc := bufio.NewScanner(pipe)
			for sc.Scan() {
				stderr.WriteString(sc.Text() + "\n")
				if strings.HasPrefix(sc.Text(), "whoop: racy.c: ") {
					break
				}
			}
			if err := cmd.Process.Signal(c.sig); err != nil {
				t.Fatal(err)
			}
			for sc.Scan() {
				stderr.WriteString(sc.Text() + "\n")
			}
			err = cmd.Wait()
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != c.code {
				t.Fatalf("exit %v, want status %d\nstderr:\n%s", err, c.code, stderr.String())
			}
			want := "whoop: interrupted by " + c.name + ": 1 of 3 files checked\n"
			if !strings.HasSuffix(stderr.String(), want) {
				t.Errorf("stderr does not end in %q:\n%s", want, stderr.String())
			}
			for _, want := range []string{
				`"path": "racy.c",` + "\n      \"status\": \"checked\"",
				`"racyPairs": 1`,
				`"path": "later.c",` + "\n      \"status\": \"error\",\n      \"error\": \"later.c: interrupted by " + c.name + " " + laterWhen + " it was checked\"",
			} {
				if !strings.Contains(stdout.String(), want) {
					t.Errorf("stdout lacks %q:\n%s", want, stdout.String())
				}
			}
			// slow.c is interrupted while it is checked, or, when the
			// signal comes between racy.c's statistics line and slow.c's
			// start (a loaded machine), before: either way an error, not
			// a result.
			slow := regexp.MustCompile(`"path": "slow.c",\n      "status": "error",\n      "error": "slow.c: interrupted by ` + c.name + ` (while|before) it was checked"`)
			if !slow.MatchString(stdout.String()) {
				t.Errorf("stdout lacks slow.c's interruption:\n%s", stdout.String())
			}
		})
	}
}
