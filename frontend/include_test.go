package frontend

import (
	"context"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"
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
		"input-compat.h":  "#include \"common/count.h\"\nstatic int compat_calls;\n",
		"common/count.h":  "static int counted;\n",
		"misc/uinput.c":   "#include \"../input-compat.h\"\nint f(void) { compat_calls++; return counted; }\n",
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
