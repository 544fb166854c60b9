package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestIRExitCodes checks the exit codes of whoop ir: 0 for a program, 2
// for usage errors, 3 for inputs that cannot be analysed.
func TestIRExitCodes(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good := write("good.c", "int x; int f(void) { return x; }\n")
	missing := write("missing.c", "#include <linux/nosuch.h>\n")
	bad := write("bad.c", "int f( {\n")
	undeclared := write("undeclared.c", "int f(void) { return nope; }\n")
	cases := []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"ir", good}, exitOK, ""},
		{[]string{"ir", "--until", "lower", good}, exitOK, ""},
		{[]string{"ir", missing}, exitInput, "whoop: " + missing + ":1: no model for <linux/nosuch.h>: add it under models/include or pass -I DIR\n"},
		{[]string{"ir", bad}, exitInput, "whoop: " + bad + ":"},
		{[]string{"ir", undeclared}, exitInput, "whoop: " + undeclared + ":1:22: undefined: nope\n"},
		{[]string{"ir", filepath.Join(dir, "none.c")}, exitInput, "cannot read"},
		{[]string{"ir", "--until", "bogus", good}, exitUsage, "unknown pass"},
		{[]string{"ir", "-D", "1x", good}, exitUsage, "-D 1x: invalid macro name"},
		{[]string{"ir"}, exitUsage, "takes one FILE.c"},
	}
	for _, c := range cases {
		code, stdout, stderr := runWhoop(t, c.args...)
		if code != c.code {
			t.Errorf("whoop %s: exit %d, want %d (stderr %q)", strings.Join(c.args, " "), code, c.code, stderr)
		}
		if !strings.Contains(stderr, c.stderr) {
			t.Errorf("whoop %s: stderr %q lacks %q", strings.Join(c.args, " "), stderr, c.stderr)
		}
		if c.code == exitOK && !strings.HasPrefix(stdout, "program "+good+"\n") {
			t.Errorf("whoop %s: stdout %q", strings.Join(c.args, " "), stdout)
		}
	}
}
