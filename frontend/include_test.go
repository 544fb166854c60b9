package frontend

import (
	"context"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/whoopverify/whoop/frontend/ktree"
)

func TestNoteAbsolute(t *testing.T) {
	for _, tc := range []struct {
		text string
		want []string
	}{
		{"#include \"/a/b.h\"\n  # include_next </c//d.h>\n", []string{"/a/b.h", "/c/d.h"}},
		{"#include <linux/x.h>\n#include \"y.h\"\nchar *s = \"/dev\";\n", nil},
		{"x = a</b; #include \"/not/at/line/start.h\"\n", nil},
		{"#include </e.h>", []string{"/e.h"}},
	} {
		s := newSourceFS(".", nil)
		s.noteAbsolute([]byte(tc.text))
		if got := slices.Sorted(maps.Keys(s.absolute)); !slices.Equal(got, tc.want) {
			t.Errorf("noteAbsolute(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

// A "..."-include that climbs out of the including file's directory reads
// the file gcc reads: from that directory first, though it lies outside
// the driver's own directory; the driver and a header both do it.
func TestRelativeInclude(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{
		"input-compat.h": "#include \"common/count.h\"\nstatic int compat_calls;\n",
		"common/count.h": "static int counted;\n",
		"misc/uinput.c":  "#include \"../input-compat.h\"\nint f(void) { compat_calls++; return counted; }\n",
	} {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	prog, err := LoadUntil(context.Background(), filepath.Join(dir, "misc/uinput.c"), Config{}, "parse")
	if err != nil {
		t.Fatalf("uinput.c: %v", err)
	}
	if prog == nil {
		t.Fatal("no program")
	}
	s := newSourceFS(".", nil)
	s.noteRelative("a/b/c.c", []byte("#include \"../d.h\"\n#include <../e.h>\n#include \"f/../../g.h\"\n#include \"h.h\"\n"))
	if got, want := slices.Sorted(maps.Keys(s.absolute)), []string{"a/d.h", "a/g.h"}; !slices.Equal(got, want) {
		t.Errorf("noteRelative = %q, want %q", got, want)
	}
}

// A header missing deep in a chain of headers is reported where it is
// included, with the chain from the file checked and the directories
// searched; with -I directories whoop's models are not what is missing.
func TestMissingIncludeNotes(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{
		"d.c":       "#include \"sub/a.h\"\nint x;\n",
		"sub/a.h":   "/* a */\n#include \"b.h\"\n",
		"sub/b.h":   "#include <linux/nosuch.h>\n",
		"inc/.keep": "",
	} {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	d := filepath.Join(dir, "d.c")
	for _, c := range []struct {
		cfg  Config
		want []string
	}{
		{Config{}, []string{
			dir + "/sub/b.h:1: no model for <linux/nosuch.h>: add it under models/include or pass -I DIR",
			d + ": note: <linux/nosuch.h> is included by b.h, from " + dir + "/sub/a.h:2, from " + d + ":1",
			d + ": note: <linux/nosuch.h> was looked for in: whoop's model headers",
		}},
		{Config{IncludeDirs: []string{filepath.Join(dir, "inc")}}, []string{
			dir + "/sub/b.h:1: no model for <linux/nosuch.h>, and no such file in the include directories",
			d + ": note: <linux/nosuch.h> is included by b.h, from " + dir + "/sub/a.h:2, from " + d + ":1",
			d + ": note: <linux/nosuch.h> was looked for in: " + dir + "/inc, whoop's model headers",
		}},
	} {
		_, err := LoadUntil(context.Background(), d, c.cfg, "parse")
		var ie *InputError
		if !errors.As(err, &ie) {
			t.Fatalf("%v, want an input error", err)
		}
		if got := ie.Error(); got != strings.Join(c.want, "\n") {
			t.Errorf("-I %v:\n%s\nwant:\n%s", c.cfg.IncludeDirs, got, strings.Join(c.want, "\n"))
		}
	}
}

// A compiler command that reads a kernel's headers but names no
// configured build (a database written with the wrong directory) is
// refused before the parse, naming the file and the directories that do
// not exist.
func TestKernelCommandWithoutBuild(t *testing.T) {
	dir := t.TempDir()
	kinc := filepath.Join(dir, "linux-headers-common", "include")
	for name, text := range map[string]string{
		filepath.Join(kinc, "linux", "kconfig.h"): "",
		filepath.Join(dir, "mod", "m.c"):          "int x;\n",
	} {
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	m := filepath.Join(dir, "mod", "m.c")
	cmd := &ktree.Command{Dir: filepath.Join(dir, "mod"), IncludeDirs: []string{kinc, filepath.Join(dir, "mod", "include")}, Files: []string{m}}
	cfg := Config{Tree: TreeOptions{Commands: func(string) *ktree.Command { return cmd }}}
	_, err := LoadUntil(context.Background(), m, cfg, "parse")
	want := m + ": its compiler command reads a kernel's headers (" + filepath.Join(kinc, "linux", "kconfig.h") +
		") but no configured build: no include directory holds generated/autoconf.h; 1 of them do not exist (" +
		filepath.Join(dir, "mod", "include") + "), read from the command's directory " + filepath.Join(dir, "mod")
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("%v\nwant it to start with\n%s", err, want)
	}
}
