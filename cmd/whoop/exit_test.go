package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runWhoop(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = Main(append([]string{"whoop"}, args...), &out, &errb)
	return code, out.String(), errb.String()
}

func TestExitCodes(t *testing.T) {
	dir := t.TempDir()
	cases := []struct {
		args       []string
		code       int
		stderrHave string
	}{
		{nil, exitUsage, "whoop: no input files"},
		{[]string{"missing.c"}, exitInput, "whoop: cannot read missing.c: no such file or directory\n"},
		{[]string{dir}, exitInput, "no .c file below this directory"},
		{[]string{"--no-such-flag", "x.c"}, exitUsage, "whoop: unknown flag --no-such-flag\n"},
		{[]string{"--jobs"}, exitUsage, ""},
		{[]string{"--version"}, exitOK, ""},
		{[]string{"--help"}, exitOK, ""},
		{[]string{"help"}, exitOK, ""},
		{[]string{"help", "pairs"}, exitOK, ""},
		{[]string{"help", "nosuch"}, exitUsage, "whoop help nosuch: no such command"},
		{[]string{"--timeout", "10", "x.c"}, exitUsage, "a duration needs a unit"},
		{[]string{"x.c", "--timeout", "10"}, exitUsage, "a duration needs a unit"},
		{[]string{"--jobs", "20000", "x.c"}, exitUsage, "--jobs 20000: want 1 to 64"},
		{[]string{"assumptions", "x.c"}, exitUsage, "takes no arguments"},
		{[]string{"ir", "x.c", "y.c"}, exitUsage, "takes one FILE.c"},
	}
	for _, c := range cases {
		code, _, stderr := runWhoop(t, c.args...)
		if code != c.code {
			t.Errorf("whoop %s: exit %d, want %d (stderr %q)", strings.Join(c.args, " "), code, c.code, stderr)
		}
		if !strings.Contains(stderr, c.stderrHave) {
			t.Errorf("whoop %s: stderr %q lacks %q", strings.Join(c.args, " "), stderr, c.stderrHave)
		}
	}
}

func TestReorderArgs(t *testing.T) {
	app := newApp(nil, nil)
	cases := []struct{ in, want string }{
		{"whoop a.c --format sarif", "whoop --format sarif -- a.c"},
		{"whoop a.c -j 2 b.c -v", "whoop -j 2 -v -- a.c b.c"},
		{"whoop --format=json a.c", "whoop --format=json -- a.c"},
		{"whoop a.c -- -v", "whoop -- a.c -v"},
		{"whoop - -I inc", "whoop -I inc -- -"},
		{"whoop pairs a.c --many-devices -f json", "whoop pairs --many-devices -f json -- a.c"},
		{"whoop help", "whoop --help"},
		{"whoop help ir", "whoop ir --help"},
		{"whoop --version", "whoop --version"},
	}
	for _, c := range cases {
		got := strings.Join(reorderArgs(app, strings.Fields(c.in)), " ")
		if got != c.want {
			t.Errorf("reorderArgs(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestNormalizeArgs(t *testing.T) {
	got := normalizeArgs([]string{"whoop", "-Iinc", "-DX=1", "-UY", "-I", "dir", "--format", "-Dx"})
	want := "whoop -I inc -D X=1 -U Y -I dir --format -D x"
	if strings.Join(got, " ") != want {
		t.Errorf("got %q", got)
	}
}

func TestMissingFileMessageIsOneLine(t *testing.T) {
	_, stdout, stderr := runWhoop(t, filepath.Join("no", "such", "file.c"))
	if stdout != "" {
		t.Errorf("stdout %q, want nothing", stdout)
	}
	if strings.Count(stderr, "\n") != 1 {
		t.Errorf("stderr %q is not one line", stderr)
	}
}

// TestFlagsBeforeCommand: a check flag written before a command's name is
// a usage error (exit 2), not silently dropped.
func TestFlagsBeforeCommand(t *testing.T) {
	code, _, stderr := runWhoop(t, "--kernel-build", t.TempDir(), "entrypoints", "x.c")
	if code != exitUsage || !strings.Contains(stderr, `--kernel-build before the command "entrypoints"`) {
		t.Errorf("exit %d, want %d; stderr:\n%s", code, exitUsage, stderr)
	}
}

// TestParserCrashExit: a file on which cc/v4 panics is an internal error
// (exit 4), with the cause named, not an input error (exit 3); GNU's
// x ?: y with a constant x, which made it panic, is read.
func TestParserCrashExit(t *testing.T) {
	dir := t.TempDir()
	read := filepath.Join(dir, "elvis.c")
	crash := filepath.Join(dir, "cast.c")
	if err := os.WriteFile(read, []byte("int g;\nint main(void) { g = (5 ?: 1); return g; }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(crash, []byte("int g;\nint main(void) { g = (unsigned char)3 ?: 2; return g; }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, stdout, stderr := runWhoop(t, "--no-progress", read); code != exitInconclusive || !strings.Contains(stdout, "no entry points") || stderr != "" {
		t.Errorf("(5 ?: 1): exit %d, stdout %q, stderr %q; want 4 for no entry point", code, stdout, stderr)
	}
	code, _, stderr := runWhoop(t, "--no-progress", crash)
	if code != exitInconclusive || !strings.Contains(stderr, "internal error in pass parse") || !strings.Contains(stderr, "cc/v4, the C parser, crashed") {
		t.Errorf("cast ?: crash: exit %d, stderr %q; want 4 and the internal error", code, stderr)
	}
}
