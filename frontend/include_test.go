package frontend

import (
	"maps"
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
