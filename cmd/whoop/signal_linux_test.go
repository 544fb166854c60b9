package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A signal keeps every file that finished: a sweep of a slow file and four
// fast ones after it on two jobs is interrupted once the progress line (on
// a terminal) counts the four fast files done; the report then has them
// all, checked, and the slow one interrupted. Each signal is sent in each
// process mode (worker processes, and WHOOP_PROCESSES=0), and every format
// is asked once. SIGINT comes from the terminal, as a Ctrl-C does; the
// terminal is left with the run's last line and no progress line.
func TestSignalKeepsFinishedFiles(t *testing.T) {
	dir := t.TempDir()
	files := []string{"a_slow.c", "b1.c", "b2.c", "b3.c", "b4.c"}
	for _, f := range files {
		src := "racy.c"
		if f == "a_slow.c" {
			src = "slow.c"
		}
		data, err := os.ReadFile(filepath.Join("testdata/signal", src))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		sig       syscall.Signal
		processes string
		format    string
		// finished is how stdout shows that b1.c was checked.
		finished string
	}{
		{syscall.SIGINT, "1", "json", `"path": "b1.c",` + "\n      \"status\": \"checked\""},
		{syscall.SIGTERM, "1", "xml", `<driver path="b1.c" status="checked"`},
		{syscall.SIGINT, "0", "sarif", `"analysisTarget": {` + "\n            \"index\": -1,\n            \"uri\": \"b1.c\""},
		{syscall.SIGTERM, "0", "text", "b1.c: 1 finding on 1 variable (1 racy pair of 2 concurrent)\n"},
	} {
		name := signalName(c.sig) + "/processes" + c.processes + "/" + c.format
		t.Run(name, func(t *testing.T) {
			ctl, term := openPTY(t)
			cmd := exec.Command("whoop", append([]string{"--jobs", "2", "--timeout", "0", "--file-timeout", "0",
				"--format", c.format}, files...)...)
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "WHOOP_PROCESSES="+c.processes)
			var stdout strings.Builder
			cmd.Stdin, cmd.Stdout, cmd.Stderr = term, &stdout, term
			// The terminal is whoop's own: a Ctrl-C typed on it reaches
			// its process group.
			cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 0}
			out := readPTY(ctl)
			err := cmd.Start()
			if err != nil {
				t.Fatal(err)
			}
			term.Close() // the child's copy is the only writer
			if !out.waitFor("[4/5 files", 2*time.Minute) {
				cmd.Process.Kill()
				cmd.Wait()
				t.Fatalf("the progress line never counted 4 files:\n%q", out.String())
			}
			if c.sig == syscall.SIGINT {
				_, err = ctl.Write([]byte{3}) // Ctrl-C
			} else {
				err = cmd.Process.Signal(c.sig)
			}
			if err != nil {
				t.Fatal(err)
			}
			err = cmd.Wait()
			stderr, _ := out.all(10 * time.Second)
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != 128+int(c.sig) {
				t.Fatalf("exit %v, want status %d\nstderr:\n%q", err, 128+int(c.sig), stderr)
			}
			want := "whoop: interrupted by " + signalName(c.sig) + ": 4 of 5 files checked"
			if lines := termScreen(stderr); len(lines) == 0 || lines[len(lines)-1] != want {
				t.Errorf("the terminal does not end in %q:\n%s", want, strings.Join(lines, "\n"))
			} else if strings.Contains(strings.Join(lines, "\n"), "whoop: [") {
				t.Errorf("the progress line is left on the terminal:\n%s", strings.Join(lines, "\n"))
			}
			for _, f := range files[1:] {
				if w := strings.ReplaceAll(c.finished, "b1.c", f); !strings.Contains(stdout.String(), w) {
					t.Errorf("stdout lacks %q:\n%s", w, stdout.String())
				}
			}
			interrupted := "a_slow.c: interrupted by " + signalName(c.sig) + " while it was checked"
			if c.format == "text" {
				if !strings.Contains(stderr, interrupted) {
					t.Errorf("stderr lacks %q:\n%q", interrupted, stderr)
				}
			} else if !strings.Contains(stdout.String(), interrupted) {
				t.Errorf("stdout lacks %q:\n%s", interrupted, stdout.String())
			}
		})
	}
}
